module example.com/wirebench

go 1.24

require example.com/wiretypes v0.0.0

replace example.com/wiretypes => ../../out/go
