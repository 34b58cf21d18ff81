package editor

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/termtext"
)

// The display of a line is termtext.SanitizeLine's form of it, cut into
// units: the cells the cursor moves over. A unit is a grapheme cluster of
// kept text, an escaped rune (or invalid byte), or a tab. Kept text that
// would join the display form of a tab or an escape into one grapheme
// cluster (a combining mark, a variation selector, an emoji modifier after
// it) belongs to that unit, and zero-width text is never a unit of its
// own: it belongs to the unit before it, or, at the start of the line, to
// the unit after it. So no grapheme cluster of the display spans two units,
// the width of a line is the sum of the widths of its units, and every unit
// but the lone content of an all-zero-width line is at least one cell wide.
// (SanitizeLine escapes the few letters that would join an escape or a tab
// that follows them.)

type unitKind uint8

const (
	kText unitKind = iota // kept text, written as is
	kTab                  // a tab, expanded to spaces
	kEsc                  // an escaped rune or invalid byte (\x1b, <U+202E>, \xff)
)

// unit is one display unit that starts at some byte i of a line and ends
// at end. For kTab and kEsc, s[a:b] is the tab or the escaped rune, and
// s[i:a] and s[b:end] are zero-width text written as is around its
// display form (usually both empty).
type unit struct {
	end, w int
	k      unitKind
	a, b   int
}

// extra reports whether a tab or escape unit carries zero-width text.
func (u *unit) extra(i int) bool { return u.k != kText && (u.a > i || u.b < u.end) }

// baseUnit returns the unit at byte i without any merging of zero-width
// text. x is the cell column of i (for tabs).
func baseUnit(s string, i, x int) unit {
	c := s[i]
	if c < utf8.RuneSelf {
		switch {
		case c >= 0x20 && c < 0x7f:
			// ASCII followed by ASCII, or by a letter of a simple
			// script, is always a cluster boundary.
			if i+1 == len(s) || s[i+1] < utf8.RuneSelf {
				return unit{end: i + 1, w: 1, k: kText}
			}
			if r, _ := utf8.DecodeRuneInString(s[i+1:]); simpleWidth(r) > 0 {
				return unit{end: i + 1, w: 1, k: kText}
			}
		default: // tab, other C0 controls and DEL
			w, n := termtext.EscapeWidth(s, i, x)
			k := kEsc
			if c == '\t' {
				k = kTab
			}
			return unit{end: i + n, w: w, k: k, a: i, b: i + n}
		}
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if w := simpleWidth(r); w > 0 {
		// A letter of a simple script is a cluster of its own when the
		// next rune is ASCII or another such letter.
		j := i + n
		if j == len(s) || s[j] < utf8.RuneSelf {
			return unit{end: j, w: w, k: kText}
		}
		if r2, _ := utf8.DecodeRuneInString(s[j:]); simpleWidth(r2) > 0 {
			return unit{end: j, w: w, k: kText}
		}
	}
	if (r == utf8.RuneError && n == 1) || !visibleStart(r) && termtext.NextEscape(s, i, i+n) == i {
		w, n := termtext.EscapeWidth(s, i, x)
		return unit{end: i + n, w: w, k: kEsc, a: i, b: i + n}
	}
	cl, cw := ansi.FirstGraphemeCluster(s[i:], ansi.GraphemeWidth)
	if len(cl) < n {
		cl = s[i : i+n]
		cw = ansi.StringWidth(cl)
	}
	if len(cl) > n {
		// A cluster never carries a rune that is shown escaped: it ends
		// there, and the escape is a unit of its own. The scan starts at
		// i, where SanitizeLine's own scan could be, so a flag's tag
		// sequence is judged as a whole.
		if p := termtext.NextEscape(s, i, i+len(cl)); p < i+len(cl) {
			cl = s[i:p]
			cw = ansi.StringWidth(cl)
		}
	}
	return unit{end: i + len(cl), w: cw, k: kText}
}

// nextUnit returns the display unit that starts at byte i of s, whose first
// cell is at column x (which matters only for tabs). i must be 0 or the end
// of a unit. Its width is 0 only when the rest of the line is zero-width
// text.
func nextUnit(s string, i, x int) unit {
	u := baseUnit(s, i, x)
	if u.k == kText && u.w == 1 && u.end-i == 1 && (u.end == len(s) || s[u.end] < utf8.RuneSelf) {
		return u // ASCII: the common case
	}
	merged := false
	for u.w == 0 && u.k == kText && u.end < len(s) {
		// Zero-width text at the start of the line: it goes with the
		// unit after it.
		v := baseUnit(s, u.end, x)
		if v.k == kText {
			u.end, u.w = v.end, v.w
		} else {
			u = v
		}
		merged = true
	}
	for u.end < len(s) && s[u.end] >= utf8.RuneSelf {
		r, n := utf8.DecodeRuneInString(s[u.end:])
		if visibleStart(r) {
			break
		}
		v := baseUnit(s, u.end, x+u.w)
		if v.k != kText || v.w != 0 && (u.k == kText || !joinsASCII(s[u.end:u.end+n])) {
			break
		}
		u.end = v.end
		merged = true
	}
	if merged {
		// Measure what is written, as ansi.StringWidth would: the
		// zero-width text may join the cell before it (a variation
		// selector after an escape's last character makes it wide).
		if u.k == kText {
			u.w = ansi.StringWidth(s[i:u.end])
		} else {
			u.w = ansi.StringWidth(string(u.appendDisplay(nil, s, i, x)))
		}
	}
	return u
}

// appendDisplay appends the display form of the tab or escape unit u,
// which starts at byte i and column x.
func (u *unit) appendDisplay(dst []byte, s string, i, x int) []byte {
	dst = append(dst, s[i:u.a]...)
	dst, _ = termtext.AppendEscape(dst, s, u.a, x)
	return append(dst, s[u.b:u.end]...)
}

// joinsASCII reports whether the rune r (in UTF-8) joins a printable ASCII
// character before it into one grapheme cluster (Extend, ZWJ and
// SpacingMark runes do).
func joinsASCII(r string) bool {
	var buf [8]byte
	b := append(append(buf[:0], 'x'), r...)
	cl, _ := ansi.FirstGraphemeCluster(b, ansi.GraphemeWidth)
	return len(cl) > 1
}

// simpleWidth returns the width of r when it is a letter of a script
// without joining behaviour (Latin-1 and Latin Extended letters, Greek,
// Cyrillic, kana, CJK ideographs, Hangul syllables), kept by
// termtext.SanitizeLine, and 0 otherwise. Such a letter followed by ASCII or
// by another such letter is a grapheme cluster of its own.
func simpleWidth(r rune) int {
	switch {
	case r >= 0xC0 && r <= 0x24F, r >= 0x370 && r <= 0x3FF && r != 0x37E && r != 0x387,
		r >= 0x400 && r <= 0x482, r >= 0x48A && r <= 0x52F:
		return 1
	case r >= 0x3041 && r <= 0x3096, r >= 0x30A1 && r <= 0x30FA,
		r >= 0x4E00 && r <= 0x9FFF, r >= 0xAC00 && r <= 0xD7A3:
		return 2
	}
	return 0
}

// visibleStart reports whether a grapheme cluster that starts with r is
// known to be at least one cell wide (letters of common scripts, CJK,
// emoji), and r is known to be kept by termtext.SanitizeLine. It only saves
// work.
func visibleStart(r rune) bool {
	switch {
	case r >= 0xA0 && r <= 0x2FF && r != 0xAD, // Latin-1, Latin Extended, spacing modifiers
		r >= 0x370 && r <= 0x482, r >= 0x48A && r <= 0x52F, // Greek, Cyrillic
		r >= 0x3041 && r <= 0x3096, r >= 0x30A1 && r <= 0x30FA, // kana
		r >= 0x4E00 && r <= 0x9FFF, r >= 0xAC00 && r <= 0xD7A3, // CJK ideographs, Hangul syllables
		r >= 0x1F300 && r <= 0x1F3FA, r >= 0x1F400 && r <= 0x1F64F, // emoji
		r >= 0x1F680 && r <= 0x1F6FF, r >= 0x1F900 && r <= 0x1F9FF:
		return true
	}
	return false
}

// cursorCell returns the first cell and the width of the unit containing
// byte offset cb; at the end of the line the width is 1.
func cursorCell(line string, cb int) (x, w int) {
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if cb < u.end {
			return x, max(u.w, 1)
		}
		x += u.w
		i = u.end
	}
	return x, 1
}

// prevBoundary returns the start of the unit before byte offset cb (or of
// the unit containing it).
func prevBoundary(line string, cb int) int {
	if cb <= 0 {
		return 0
	}
	if line[cb-1] < utf8.RuneSelf && (cb == 1 || line[cb-2] < utf8.RuneSelf) {
		return cb - 1
	}
	last, x := 0, 0
	for i := 0; i < cb; {
		u := nextUnit(line, i, x)
		last, i, x = i, u.end, x+u.w
	}
	return last
}

// unitEnd returns the end of the unit containing byte offset cb (cb <
// len(line)).
func unitEnd(line string, cb int) int {
	if c := line[cb]; c >= 0x20 && c < 0x7f && (cb+1 == len(line) || line[cb+1] < utf8.RuneSelf) &&
		(cb == 0 || line[cb-1] < utf8.RuneSelf) {
		return cb + 1 // ASCII between ASCII: a unit of its own
	}
	x := 0
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if cb < u.end {
			return u.end
		}
		x += u.w
		i = u.end
	}
	return len(line)
}

// byteAtX returns the start of the unit covering cell column gx, or the end
// of the line when the line is shorter.
func byteAtX(line string, gx int) int {
	x := 0
	for i := 0; i < len(line); {
		u := nextUnit(line, i, x)
		if x+u.w > gx {
			return i
		}
		x += u.w
		i = u.end
	}
	return len(line)
}
