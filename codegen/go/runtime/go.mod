module example.com/wire-codegen/runtime

go 1.24
