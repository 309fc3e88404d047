module example.com/wiretypes/tests

go 1.24

require (
	example.com/wiretypes v0.0.0-00010101000000-000000000000
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
)

require golang.org/x/text v0.14.0 // indirect

replace example.com/wiretypes => ../../out/go
