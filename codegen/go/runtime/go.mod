module example.com/wiretypes/internal/wire

go 1.24
