package wire

import "iter"

// OrderedMap is a JSON object used as a map (additionalProperties or
// patternProperties with a schema): keys in insertion order, and a value per
// key. Set follows JSON.parse on duplicates: a new key is appended, an
// existing key keeps its position and takes the new value. The zero value is
// an empty map ready to use.
//
// Encoders write the members in ECMAScript property order (wire rule 23):
// array-index keys ("0" … "4294967294") ascending, then the others in
// insertion order, which is the order JavaScript keeps for the same object.
type OrderedMap[T any] struct {
	keys  []string
	vals  []T
	index map[string]int
}

// Len is the number of members.
func (m *OrderedMap[T]) Len() int {
	if m == nil {
		return 0
	}
	return len(m.keys)
}

// Get returns the value of key and whether it is present.
func (m *OrderedMap[T]) Get(key string) (T, bool) {
	if m != nil {
		if i, ok := m.index[key]; ok {
			return m.vals[i], true
		}
	}
	var zero T
	return zero, false
}

// Set sets the value of key: a new key is appended, an existing one keeps its position.
func (m *OrderedMap[T]) Set(key string, v T) {
	if i, ok := m.index[key]; ok {
		m.vals[i] = v
		return
	}
	if m.index == nil {
		m.index = make(map[string]int)
	}
	m.index[key] = len(m.keys)
	m.keys = append(m.keys, key)
	m.vals = append(m.vals, v)
}

// Delete removes key and reports whether it was present; a later Set of it appends it again.
func (m *OrderedMap[T]) Delete(key string) bool {
	i, ok := m.index[key]
	if !ok {
		return false
	}
	delete(m.index, key)
	m.keys = append(m.keys[:i], m.keys[i+1:]...)
	m.vals = append(m.vals[:i], m.vals[i+1:]...)
	for j := i; j < len(m.keys); j++ {
		m.index[m.keys[j]] = j
	}
	return true
}

// Keys returns the keys in insertion order (a new slice).
func (m *OrderedMap[T]) Keys() []string {
	if m == nil {
		return nil
	}
	return append([]string(nil), m.keys...)
}

// All yields the members in insertion order.
func (m *OrderedMap[T]) All() iter.Seq2[string, T] {
	return func(yield func(string, T) bool) {
		if m == nil {
			return
		}
		for i, k := range m.keys {
			if !yield(k, m.vals[i]) {
				return
			}
		}
	}
}

// esOrder returns the member indices in the order an encoder writes them:
// ECMAScript property order (array-index keys ascending, then insertion order).
func (m *OrderedMap[T]) esOrder() []int {
	if m == nil {
		return nil
	}
	return wireEsOrder(len(m.keys), func(i int) string { return m.keys[i] })
}

// wireMapOrder is the encoders' entry point to esOrder: the keys and values of m
// in the order to write them.
func wireMapOrder[T any](m *OrderedMap[T]) iter.Seq2[string, T] {
	return func(yield func(string, T) bool) {
		for _, i := range m.esOrder() {
			if !yield(m.keys[i], m.vals[i]) {
				return
			}
		}
	}
}

// Has reports whether key is in the map.
func (m *OrderedMap[T]) Has(key string) bool {
	_, ok := m.Get(key)
	return ok
}
