package send

import (
	"strconv"
	"strings"
)

// ToolIndex reads the index of the request's tools entry an API error's
// param names ("tools[2].name" is 2), ok false when it names none.
func ToolIndex(param string) (int, bool) {
	rest, ok := strings.CutPrefix(param, "tools[")
	if !ok {
		return 0, false
	}
	end := strings.IndexByte(rest, ']')
	if end < 0 {
		return 0, false
	}
	i, err := strconv.Atoi(rest[:end])
	return i, err == nil && i >= 0
}
