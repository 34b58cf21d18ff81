package model

import _ "embed"

//go:embed example.json
var exampleJSON []byte

// ExampleName is the name the embedded example is shown under.
const ExampleName = "example.json"

// Example returns the embedded example document: a function, a web_search
// with options and a file_search.
func Example() *Document {
	d, err := Parse(exampleJSON)
	if err != nil {
		panic("model: embedded example is invalid: " + err.Error())
	}
	return d
}

// ExampleJSON returns the bytes of the embedded example.
func ExampleJSON() []byte { return append([]byte(nil), exampleJSON...) }
