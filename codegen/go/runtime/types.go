package wire

import (
	"encoding/json"
	"fmt"
	"log/slog"
)

const wireRedacted = "[REDACTED]"

// Secret is a credential string. Every printed form (fmt verbs, String,
// GoString, slog, encoding/json) is "[REDACTED]"; Reveal returns the value.
// The generated encoders write the real value.
type Secret string

// Reveal returns the secret's value.
func (s Secret) Reveal() string { return string(s) }

// String returns "[REDACTED]".
func (s Secret) String() string { return wireRedacted }

// GoString returns "[REDACTED]".
func (s Secret) GoString() string { return wireRedacted }

// Format writes "[REDACTED]" for every verb and flag.
func (s Secret) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(wireRedacted)) }

// LogValue makes log/slog print "[REDACTED]".
func (s Secret) LogValue() slog.Value { return slog.StringValue(wireRedacted) }

// MarshalJSON keeps encoding/json (such as slog's JSON handler) from revealing
// the secret; use the generated encoders to write frames.
func (s Secret) MarshalJSON() ([]byte, error) { return []byte(`"` + wireRedacted + `"`), nil }

// MarshalText keeps text encoders from revealing the secret.
func (s Secret) MarshalText() ([]byte, error) { return []byte(wireRedacted), nil }

// Null is the JSON value null.
type Null struct{}

// Member is an extra member of an open object: its key and its exact value.
type Member struct {
	Key   string
	Value json.RawMessage
}
