package convert

import "unsafe"

// unsafeString views b as a string for a map lookup; the string must not
// outlive b or be stored.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
