module example.com/wiretypes

go 1.24
