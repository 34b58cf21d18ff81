package termtext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// FitExact pads or cuts a styled line to exactly w cells, without an
// ellipsis.
func FitExact(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// Fit pads or cuts a styled line to exactly w cells, a cut one ending in
// an ellipsis.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s) // a cut inside a wide character leaves a cell
	}
	return s + strings.Repeat(" ", w-sw)
}
