// Package termtext turns untrusted text into something that is safe to put
// on the terminal and that shows what the text really contains.
//
// Everything in this package is display only. The document, the config file
// and the clipboard keep the exact value the user typed or loaded; only the
// text that reaches View(), the window title or the status line goes through
// Sanitize or SanitizeLine. They are the one sanitiser of the program: the
// editor shows its text through NextEscape, AppendEscape and EscapeWidth,
// the JSON preview (package display) through NextEscape and
// AppendSanitizedLine, which give the same result cell by cell, and
// `tooltui build` prints its diagnostics and errors through SanitizeLine.
// Quote names a user's value in a message in the same notation.
//
// The package depends on no styling library, so that the layers below the
// user interface (convert, the commands) can use it.
package termtext

import (
	"bytes"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// TabWidth is the tab stop used when expanding '\t': a tab advances to the
// next multiple of TabWidth cells, counted from the start of the line.
const TabWidth = 4

// Sanitize returns s in a form that is safe to print on a terminal and that
// shows what s really contains. It is meant for multi-line text (previews,
// descriptions, error bodies); use SanitizeLine for single-line places.
//
//   - '\n' is kept.
//   - '\t' is expanded with spaces to the next multiple of 4 cells, counted
//     from the start of the line on the result, as ansi.StringWidth measures
//     it.
//   - Every other C0 control (U+0000–U+001F) and DEL become `\xNN`
//     (`\x1b`, `\x00`, `\x7f`), except '\r', which becomes `\r`.
//     With ESC shown as text, no escape sequence (CSI, OSC, DCS, APC, PM,
//     SOS, ...) can start.
//   - C1 controls (U+0080–U+009F, including the 8-bit CSI U+009B) become
//     `\u009b`.
//   - Bytes that are not valid UTF-8 become `\xNN`, so the result is always
//     valid UTF-8.
//   - Bidi controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069),
//     zero-width and other invisible format characters (U+200B–U+200D,
//     U+2060–U+2064, U+FEFF, U+00AD, U+034F, U+180E, U+3164, U+FFA0, ...),
//     the prepended concatenation marks (U+0600–U+0605, U+06DD, U+070F,
//     U+0890, U+0891, U+08E2, U+110BD, U+110CD: format characters that
//     swallow the character after them), the line and paragraph separators
//     U+2028/U+2029 and Unicode tag characters (U+E0000–U+E007F, the "ASCII
//     smuggling" alphabet) become `<U+202E>`.
//   - The few letters that join the character after them into one cluster
//     (grapheme Prepend: U+0D4E, U+111C2, U+111C3, ...) are escaped the same
//     way when what follows them is escaped, so that they never join an
//     escape or a tab's spaces.
//   - Exceptions that keep emoji intact: a ZWJ (U+200D) between two emoji,
//     one variation selector right after a character, and the tag sequence
//     of a subdivision flag (U+1F3F4 + up to 7 tag letters + U+E007F) are
//     kept. A second variation selector in a row is escaped: runs of them
//     are a known way to hide data in text.
//
// The backslash itself is not escaped, so the result is display only and is
// not meant to be parsed back. Sanitize is idempotent:
// Sanitize(Sanitize(s)) == Sanitize(s). When nothing needs changing, s is
// returned as is, without allocating.
func Sanitize(s string) string { return sanitize(s, false) }

// SanitizeLine is Sanitize for single-line places (status line, window
// title, list items, error messages): '\n' is shown as `\n` as well, so the
// result never contains a byte below 0x20.
func SanitizeLine(s string) string { return sanitize(s, true) }

// SanitizeLines is Sanitize for text shown over several lines (a tool's
// output, a transcript): a line ends at "\r\n" or a lone '\r' as it does
// at '\n', so the result's only line ends are '\n' and no '\r' is shown
// as `\r`.
func SanitizeLines(s string) string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	return Sanitize(s)
}

// Escaped reports whether Sanitize would change s.
func Escaped(s string) bool { return scanClean(s, 0, len(s), false) != len(s) }

func sanitize(s string, oneLine bool) string {
	if scanClean(s, 0, len(s), oneLine) == len(s) {
		return s
	}
	b := appendSanitized(make([]byte, 0, len(s)+len(s)/8+16), s, 0, len(s), oneLine, 0)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// appendSanitized appends the display form of s[from:to] to dst. The whole of
// s is context: the decisions about ZWJ, variation selectors and tag
// characters look at the runes around them, also outside [from, to), so a
// string sanitised in pieces cut at rune boundaries gives the same text as
// the whole. col is the display column at from, for tab stops; a '\n' copied
// in multi-line mode starts a new line at column 0.
func appendSanitized(dst []byte, s string, from, to int, oneLine bool, col int) []byte {
	segStart := len(dst) // output whose width has not yet been added to col
	// back is 1 after a tab: its last space is measured again with the
	// text after it, which may join it (a combining mark, an emoji
	// modifier), and its width taken off col.
	back := 0
	j := from
	for j < to {
		k := scanClean(s, j, to, oneLine)
		dst = append(dst, s[j:k]...)
		if j = k; j >= to {
			break
		}
		if s[j] == '\t' {
			seg := dst[segStart-back:]
			if nl := bytes.LastIndexByte(seg, '\n'); nl >= 0 {
				col, seg = 0, seg[nl+1:]
			} else {
				col -= back
			}
			col += ansi.StringWidth(unsafe.String(unsafe.SliceData(seg), len(seg)))
			n := TabWidth - col%TabWidth
			dst = append(dst, "    "[:n]...)
			col += n
			segStart, back = len(dst), 1
			j++
			continue
		}
		var size int
		dst, size = appendEscape(dst, s[j:to])
		j += size
	}
	return dst
}

// AppendSanitizedLine appends the SanitizeLine form of s[from:to] to dst,
// for text shown a piece at a time. The whole of s is context for the
// decisions about ZWJ, variation selectors and flag tags, so pieces cut at
// rune boundaries give the same text as the whole; col is the display column
// at from, for tab stops. from and to must be rune boundaries with
// 0 <= from <= to <= len(s), from being a position where NextEscape could
// stop.
func AppendSanitizedLine(dst []byte, s string, from, to, col int) []byte {
	return appendSanitized(dst, s, from, to, true, col)
}

// NextEscape returns the index of the first rune of s[from:to] that
// SanitizeLine does not copy as is (a tab, a control character, an invalid
// byte, a bidi control, ...), or to. from must be at a rune boundary where
// SanitizeLine's own scan could be (not inside the tag sequence of a
// subdivision flag). The whole of s is context for the decisions about ZWJ,
// variation selectors and flag tags, so cutting a line into pieces at rune
// boundaries gives the same answers as scanning it whole.
func NextEscape(s string, from, to int) int {
	from, to = max(from, 0), min(to, len(s))
	if from >= to {
		return to
	}
	return scanClean(s, from, to, true)
}

// AppendEscape appends the form SanitizeLine gives the rune (or the invalid
// byte) at s[i], for a position NextEscape stopped at, and returns the new
// slice and the number of bytes of s it stands for. The form is always
// printable ASCII, one cell per byte: `\x1b`, `\r`, `\n`, `\xff`, `\u009b`,
// `<U+202E>`. A tab is expanded with spaces to the next tab stop, col being
// the display column of s[i] in the line. A rune that SanitizeLine keeps as
// is is escaped all the same (`\x61`, `<U+00E9>`). It returns (dst, 0) when
// i is out of range.
func AppendEscape(dst []byte, s string, i, col int) ([]byte, int) {
	if i < 0 || i >= len(s) {
		return dst, 0
	}
	if s[i] == '\t' {
		return append(dst, "    "[:TabWidth-max(col, 0)%TabWidth]...), 1
	}
	return appendEscape(dst, s[i:])
}

// EscapeWidth returns the width in cells of what AppendEscape(nil, s, i,
// col) appends (also its length in bytes) and the number of bytes of s it
// stands for, without building it.
func EscapeWidth(s string, i, col int) (w, size int) {
	if i < 0 || i >= len(s) {
		return 0, 0
	}
	c := s[i]
	if c < utf8.RuneSelf {
		switch c {
		case '\t':
			return TabWidth - max(col, 0)%TabWidth, 1
		case '\r', '\n':
			return 2, 1
		}
		return 4, 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		return 4, 1
	case r < 0xA0: // C1
		return 6, size
	}
	n := 4
	for r>>(4*n) != 0 {
		n++
	}
	return n + 4, size
}

// appendEscape appends the escaped form of the first rune (or invalid byte)
// of s, which is not a tab, and returns its size in s.
func appendEscape(dst []byte, s string) ([]byte, int) {
	if c := s[0]; c < utf8.RuneSelf {
		switch c {
		case '\r':
			return append(dst, `\r`...), 1
		case '\n':
			return append(dst, `\n`...), 1
		}
		return appendHexByte(dst, c), 1
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size == 1:
		return appendHexByte(dst, s[0]), 1
	case r < 0xA0: // C1
		dst = append(dst, `\u00`...)
		return append(dst, hexLower[r>>4], hexLower[r&0xF]), size
	}
	return appendCodePoint(dst, r), size
}

const (
	hexLower = "0123456789abcdef"
	hexUpper = "0123456789ABCDEF"
)

func appendHexByte(dst []byte, c byte) []byte {
	return append(dst, '\\', 'x', hexLower[c>>4], hexLower[c&0xF])
}

// appendCodePoint appends "<U+XXXX>" (at least four upper-case hex digits).
func appendCodePoint(dst []byte, r rune) []byte {
	dst = append(dst, "<U+"...)
	n := 4
	for r>>(4*n) != 0 {
		n++
	}
	for i := n - 1; i >= 0; i-- {
		dst = append(dst, hexUpper[(r>>(4*i))&0xF])
	}
	return append(dst, '>')
}

// Rune classes for scanClean.
const (
	clsKeep   = iota
	clsEscape // always escaped
	clsZWJ    // kept between two emoji
	clsVS     // kept unless it follows another variation selector
	clsFlag   // U+1F3F4: may carry a subdivision tag sequence
	clsJoin   // a Prepend letter: kept unless what follows is escaped
)

// scanClean returns the index of the first rune in s[j:to] that Sanitize
// has to rewrite, or to.
func scanClean(s string, j, to int, oneLine bool) int {
	for j < to {
		// Eight bytes at a time while they are all printable ASCII
		// (0x20–0x7e): no byte below 0x20, none at or above 0x7f.
		for j+8 <= to {
			x := load64(s, j)
			if ((x-0x20*lsb)&^x|(x+lsb)|x)&msb != 0 {
				break
			}
			j += 8
		}
		if j >= to {
			break
		}
		c := s[j]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != 0x7f || c == '\n' && !oneLine {
				j++
				continue
			}
			return j
		}
		r, size := utf8.DecodeRuneInString(s[j:to])
		if r == utf8.RuneError && size == 1 {
			return j
		}
		switch runeClass(r) {
		case clsKeep:
		case clsZWJ:
			if !keepZWJ(s, j, size) {
				return j
			}
		case clsVS:
			if !keepVS(s, j) {
				return j
			}
		case clsFlag:
			size += flagTags(s, j+size, to)
		case clsJoin:
			if !keepJoin(s, j, oneLine) {
				return j
			}
		default:
			return j
		}
		j += size
	}
	return j
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// load64 reads s[j:j+8] little-endian (the compiler makes it one load).
func load64(s string, j int) uint64 {
	s = s[j : j+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// runeClass classifies a non-ASCII rune.
func runeClass(r rune) int {
	switch {
	case r < 0x2000:
		switch {
		case r < 0xA0: // C1 controls
			return clsEscape
		case r == 0xAD, r == 0x34F, r == 0x61C, r == 0x115F, r == 0x1160,
			r == 0x17B4, r == 0x17B5, r == 0x180E, r == 0x180F:
			// Soft hyphen, combining grapheme joiner, Arabic letter
			// mark, Hangul fillers, Khmer inherent vowels, Mongolian
			// vowel separator: invisible or bidi.
			return clsEscape
		case r >= 0x600 && r <= 0x605, r == 0x6DD, r == 0x70F, r == 0x890, r == 0x891, r == 0x8E2:
			return clsEscape // prepended concatenation marks
		case r == 0xD4E:
			return clsJoin
		}
		return clsKeep
	case r < 0x2070:
		switch {
		case r == 0x200D:
			return clsZWJ
		case r >= 0x200B && r <= 0x200F, // ZWSP, ZWNJ, LRM, RLM
			r == 0x2028, r == 0x2029, // line and paragraph separators
			r >= 0x202A && r <= 0x202E, // bidi embeddings and overrides
			r >= 0x2060:                // word joiner, invisible operators, bidi isolates, deprecated format
			return clsEscape
		}
		return clsKeep
	case r < 0xFE00:
		if r == 0x3164 { // Hangul filler
			return clsEscape
		}
		return clsKeep
	case r < 0x10000:
		switch {
		case r <= 0xFE0F:
			return clsVS
		case r == 0xFEFF, r == 0xFFA0, r >= 0xFFF0 && r <= 0xFFFB:
			return clsEscape
		}
		return clsKeep
	case r == 0x1F3F4:
		return clsFlag
	case r >= 0x1BCA0 && r <= 0x1BCA3, r >= 0x1D173 && r <= 0x1D17A:
		return clsEscape // shorthand and musical format controls
	case r == 0x110BD, r == 0x110CD:
		return clsEscape // Kaithi number signs (prepended concatenation marks)
	case r == 0x111C2, r == 0x111C3, r == 0x113D1, r == 0x1193F, r == 0x11941,
		r >= 0x11A84 && r <= 0x11A89, r == 0x11D46, r == 0x11F02:
		return clsJoin
	case r >= 0xE0000 && r <= 0xE0FFF:
		if r >= 0xE0100 && r <= 0xE01EF {
			return clsVS
		}
		return clsEscape // tags and reserved default-ignorables
	}
	return clsKeep
}

func isVS(r rune) bool {
	return r >= 0xFE00 && r <= 0xFE0F || r >= 0xE0100 && r <= 0xE01EF
}

// isPict approximates Extended_Pictographic: the emoji that can be joined
// with a ZWJ. It is deliberately broad; a ZWJ between two of these is
// harmless.
func isPict(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x1FC00 && r <= 0x1FFFD:
		return true
	case r >= 0x2190 && r <= 0x21FF, r >= 0x2300 && r <= 0x23FF,
		r >= 0x25A0 && r <= 0x27BF, r >= 0x2900 && r <= 0x297F,
		r >= 0x2B00 && r <= 0x2BFF:
		return true
	case r == 0xA9, r == 0xAE, r == 0x203C, r == 0x2049, r == 0x2122,
		r == 0x2139, r == 0x3030, r == 0x303D, r == 0x3297, r == 0x3299:
		return true
	}
	return false
}

// keepZWJ reports whether the ZWJ at s[j:j+size] joins two emoji
// (emoji [U+FE0F] ZWJ emoji). Neither neighbour is ever escaped, so the
// decision is the same on Sanitize's own output.
func keepZWJ(s string, j, size int) bool {
	next, _ := utf8.DecodeRuneInString(s[j+size:])
	if !isPict(next) {
		return false
	}
	prev, n := utf8.DecodeLastRuneInString(s[:j])
	if prev == 0xFE0F {
		prev, _ = utf8.DecodeLastRuneInString(s[:j-n])
	}
	return isPict(prev)
}

// keepJoin reports whether the Prepend letter at s[j] is kept: the run of
// Prepend letters it starts must be followed by the end of s or by a rune
// that is kept (in multi-line mode, '\n' counts as kept: nothing joins a
// line break). A run longer than maxJoinRun is escaped, which bounds the
// work.
func keepJoin(s string, j int, oneLine bool) bool {
	for range maxJoinRun {
		_, n := utf8.DecodeRuneInString(s[j:])
		if j += n; j >= len(s) {
			return true
		}
		if c := s[j]; c < utf8.RuneSelf {
			return c >= 0x20 && c != 0x7f || c == '\n' && !oneLine
		}
		r, n := utf8.DecodeRuneInString(s[j:])
		if r == utf8.RuneError && n == 1 {
			return false
		}
		switch runeClass(r) {
		case clsEscape, clsZWJ: // a ZWJ after a letter is never between emoji
			return false
		case clsJoin:
			continue
		}
		return true
	}
	return false
}

const maxJoinRun = 32

// keepVS reports whether the variation selector at s[j] is kept: it must
// follow a character on the same line that is not itself a variation
// selector.
func keepVS(s string, j int) bool {
	if j == 0 {
		return false
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:j])
	return prev != '\n' && !isVS(prev)
}

// flagTags returns the length of the subdivision-flag tag sequence that
// starts at s[j] (after U+1F3F4): 1 to 7 tag digits or lower-case tag letters
// followed by CANCEL TAG U+E007F, ending at or before to. It returns 0 when
// there is no such sequence; the tags are then escaped one by one.
func flagTags(s string, j, to int) int {
	start := j
	for n := 0; j < to; n++ {
		r, size := utf8.DecodeRuneInString(s[j:to])
		switch {
		case r == 0xE007F && n > 0:
			return j + size - start
		case n < 7 && (r >= 0xE0030 && r <= 0xE0039 || r >= 0xE0061 && r <= 0xE007A):
			j += size
		default:
			return 0
		}
	}
	return 0
}
