package wire

// Nullable is a value that may be JSON null: Valid false is null (Value is then
// the zero value). A schema type such as ["string", "null"] decodes to it.
type Nullable[T any] struct {
	Value T
	Valid bool
}

// Ptr returns a pointer to a copy of the value, or nil for null.
func (n Nullable[T]) Ptr() *T {
	if !n.Valid {
		return nil
	}
	v := n.Value
	return &v
}

// Or returns the value, or def for null.
func (n Nullable[T]) Or(def T) T {
	if !n.Valid {
		return def
	}
	return n.Value
}

// wireSome is a non-null Nullable (for generated code).
func wireSome[T any](v T) Nullable[T] { return Nullable[T]{Value: v, Valid: true} }
