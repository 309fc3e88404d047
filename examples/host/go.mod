module example.com/runnerhost

go 1.24

require example.com/wiretypes v0.0.0-00010101000000-000000000000

replace example.com/wiretypes => ../../out/go
