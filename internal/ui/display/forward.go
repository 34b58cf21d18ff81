package display

import "github.com/tooltui/tooltui/internal/termtext"

// The sanitiser lives in package termtext, which needs no styling library.
// These forwarders keep the old names working for code written against them
// until it imports termtext itself; new code imports termtext. They are not
// marked deprecated so that the code still on them passes staticcheck.

// TabWidth is termtext.TabWidth.
const TabWidth = termtext.TabWidth

// Sanitize is termtext.Sanitize.
func Sanitize(s string) string { return termtext.Sanitize(s) }

// SanitizeLine is termtext.SanitizeLine.
func SanitizeLine(s string) string { return termtext.SanitizeLine(s) }

// Escaped is termtext.Escaped.
func Escaped(s string) bool { return termtext.Escaped(s) }

// Quote is termtext.Quote.
func Quote(s string) string { return termtext.Quote(s) }

// NextEscape is termtext.NextEscape.
func NextEscape(s string, from, to int) int { return termtext.NextEscape(s, from, to) }

// AppendEscape is termtext.AppendEscape.
func AppendEscape(dst []byte, s string, i, col int) ([]byte, int) {
	return termtext.AppendEscape(dst, s, i, col)
}

// EscapeWidth is termtext.EscapeWidth.
func EscapeWidth(s string, i, col int) (w, size int) { return termtext.EscapeWidth(s, i, col) }
