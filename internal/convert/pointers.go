package convert

// JSON Pointers of issues, and their order.

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

func pointerOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteByte('/')
		b.WriteString(pointerToken(tok))
	}
	return b.String()
}

func pointerToken(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return strings.ReplaceAll(strings.ReplaceAll(tok, "~", "~0"), "/", "~1")
}

// comparePointers orders JSON Pointers token by token (array indexes
// numerically), a pointer before its own prefix: "/a/b" < "/a" < "".
func comparePointers(a, b string) int {
	for a != "" && b != "" {
		var ta, tb string
		ta, a = nextPointerToken(a)
		tb, b = nextPointerToken(b)
		if c := comparePointerTokens(ta, tb); c != 0 {
			return c
		}
	}
	switch {
	case a == b:
		return 0
	case a == "":
		return 1
	default:
		return -1
	}
}

// nextPointerToken splits "/x/y" into "x" and "/y".
func nextPointerToken(p string) (tok, rest string) {
	p = p[1:]
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i], p[i:]
	}
	return p, ""
}

func comparePointerTokens(a, b string) int {
	ia, errA := strconv.Atoi(a)
	ib, errB := strconv.Atoi(b)
	if errA == nil && errB == nil && ia != ib {
		return cmp.Compare(ia, ib)
	}
	return strings.Compare(a, b)
}

// tidyIssues sorts issues by path (then fatal first, then message) and drops
// duplicates.
func tidyIssues(issues []Issue) []Issue {
	slices.SortFunc(issues, func(a, b Issue) int {
		if c := comparePointers(a.Path, b.Path); c != 0 {
			return c
		}
		if a.Fatal != b.Fatal {
			if a.Fatal {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Message, b.Message)
	})
	return slices.CompactFunc(issues, func(a, b Issue) bool {
		return a.Path == b.Path && a.Message == b.Message && a.Fatal == b.Fatal &&
			a.Line == b.Line && a.Column == b.Column && slices.Equal(a.Fixes, b.Fixes)
	})
}
