package filterlist

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Scoring, in the spirit of fzf's v2 algorithm: every matched rune is worth
// scoreMatch plus the bonus of its position; a gap between two matched runes
// costs scoreGapStart plus scoreGapExtension for each further skipped rune;
// a rune that follows the previous match directly earns at least
// bonusConsecutive, and a consecutive run keeps the best bonus seen since it
// started, so "co" in "Copy" is worth more than in "taco". The bonus of the
// first pattern rune counts twice.
const (
	scoreMatch        = 16
	scoreGapStart     = -3
	scoreGapExtension = -1

	bonusPrefix      = 10 // the first rune of the text
	bonusBoundary    = 8  // a letter or digit after a space or punctuation: _ - . / ...
	bonusCamel       = 7  // an upper-case letter after a lower-case one, a digit after a letter
	bonusConsecutive = 4  // the least a rune right after the previous match earns

	bonusFirstCharMultiplier = 2
)

// Limits that keep one keystroke cheap whatever the input.
const (
	maxTitleRunes  = 512 // the rest of a longer title is not matched
	maxDetailRunes = 256 // the rest of a longer detail is not matched
	maxDPCells     = 1 << 17
)

const neg = -1 << 28 // "no alignment"

// text is a string prepared for matching: its runes, folded runes, the byte
// offset of each rune and the bonus of each position.
type text struct {
	orig  []rune
	fold  []rune // nil when no rune changes under folding (then orig is used)
	off   []int32
	bonus []int8
	// For printable-ASCII text, the text and its lower-case form, for a
	// quick strings.Index rejection in substring; "" otherwise.
	ascii, asciiLower string
}

// runes returns the runes to compare with a pattern.
func (t *text) runes(caseSensitive bool) []rune {
	if caseSensitive || t.fold == nil {
		return t.orig
	}
	return t.fold
}

// Character classes for the position bonus.
const (
	clsPunct = iota // space, punctuation, symbols: anything that is not a letter or digit
	clsLower
	clsUpper
	clsLetter // a letter without case
	clsDigit
)

func class(r rune) int {
	if r < utf8.RuneSelf {
		switch {
		case r >= 'a' && r <= 'z':
			return clsLower
		case r >= 'A' && r <= 'Z':
			return clsUpper
		case r >= '0' && r <= '9':
			return clsDigit
		}
		return clsPunct
	}
	switch {
	case unicode.IsLower(r):
		return clsLower
	case unicode.IsUpper(r):
		return clsUpper
	case unicode.IsLetter(r):
		return clsLetter
	case unicode.IsDigit(r):
		return clsDigit
	}
	return clsPunct
}

func bonusFor(prev, cur int) int8 {
	if cur == clsPunct {
		return 0
	}
	switch {
	case prev == clsPunct:
		return bonusBoundary
	case prev == clsLower && cur == clsUpper:
		return bonusCamel
	case prev != clsDigit && cur == clsDigit:
		return bonusCamel
	}
	return 0
}

func fold(r rune) rune {
	if r < utf8.RuneSelf {
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	return unicode.ToLower(r)
}

// prepare fills t from the first maxRunes runes of s.
func prepare(t *text, s string, maxRunes int) {
	n := min(utf8.RuneCountInString(s), maxRunes)
	t.orig = make([]rune, 0, n)
	t.off = make([]int32, 0, n)
	t.bonus = make([]int8, 0, n)
	t.fold = nil
	t.ascii, t.asciiLower = "", ""
	if n == len(s) && isASCII(s) {
		t.ascii, t.asciiLower = s, strings.ToLower(s)
	}
	prev := clsPunct
	for i, r := range s {
		if len(t.orig) == n {
			break
		}
		cls := class(r)
		b := bonusFor(prev, cls)
		if i == 0 && cls != clsPunct {
			b = bonusPrefix
		}
		prev = cls
		if f := fold(r); f != r && t.fold == nil {
			t.fold = make([]rune, len(t.orig), n)
			copy(t.fold, t.orig)
		}
		if t.fold != nil {
			t.fold = append(t.fold, fold(r))
		}
		t.orig = append(t.orig, r)
		t.off = append(t.off, int32(i))
		t.bonus = append(t.bonus, b)
	}
}

// pattern is a prepared filter.
type pattern struct {
	runes         []rune // folded unless caseSensitive
	caseSensitive bool
	str           string // the runes as a string
}

func newPattern(s string) pattern {
	var p pattern
	for _, r := range s {
		if unicode.IsUpper(r) {
			p.caseSensitive = true
			break
		}
	}
	p.runes = make([]rune, 0, len(s))
	for _, r := range s {
		if !p.caseSensitive {
			r = fold(r)
		}
		p.runes = append(p.runes, r)
	}
	p.str = string(p.runes)
	return p
}

// matcher holds the scratch space of one alignment. Matchers come from a
// pool, so Model values can be copied and used from several goroutines.
type matcher struct {
	h    []int32 // best score with pattern rune j at text rune first+c
	run  []int8  // bonus of the consecutive run ending there
	back []int32 // column of the previous pattern rune, -1 for j == 0
	pos  []int   // rune indices of the last alignment, in order
}

var matchers = sync.Pool{New: func() any { return new(matcher) }}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// align finds the best alignment of p in t. On success it returns the score
// and, when wantPos is set, leaves the rune indices of the matched runes in
// mt.pos.
//
// It fills a table, one row per pattern rune and one column per text rune
// of the span where a match can lie: h, the best score with pattern rune j
// at that column (neg for none), run, the bonus of the consecutive run
// ending there, and back, the column of the previous pattern rune in that
// alignment. The greedy pass and the rows after the first are done here:
// they are the hot loops of filtering, and their slices stay in registers.
func (mt *matcher) align(p *pattern, t *text, wantPos bool) (int, bool) {
	pr := p.runes
	m := len(pr)
	tr := t.runes(p.caseSensitive)
	n := len(tr)
	if m == 0 {
		mt.pos = mt.pos[:0]
		return 0, true
	}
	if m > n {
		return 0, false
	}
	// Greedy forward pass: is p a subsequence at all, and where can the
	// match start at the earliest? Most texts fail here, so it is done
	// without a call.
	first, j := -1, 0
	for i := 0; i < n; i++ {
		if tr[i] == pr[j] {
			if j == 0 {
				first = i
			}
			if j++; j == m {
				break
			}
		}
	}
	if j < m {
		return 0, false
	}
	// The match can end at the latest at the last occurrence of the last
	// pattern rune.
	last := n - 1
	for tr[last] != pr[m-1] {
		last--
	}
	w := last - first + 1
	if m*w > maxDPCells {
		return mt.greedy(p, t, first, wantPos)
	}
	mt.h = grow(mt.h, m*w)
	mt.run = grow(mt.run, m*w)
	mt.back = grow(mt.back, m*w)
	h, run, back, bonus := mt.h, mt.run, mt.back, t.bonus[first:last+1]
	txt := tr[first : last+1]
	firstRow(h[:w], run[:w], back[:w], txt, bonus, pr[0])
	for j := 1; j < m; j++ {
		row, rrow, brow := h[j*w:(j+1)*w], run[j*w:(j+1)*w], back[j*w:(j+1)*w]
		prev, prevRun := h[(j-1)*w:j*w], run[(j-1)*w:j*w]
		pj := pr[j]
		// g is the best score of the previous row at a column c' <= c-2,
		// with the cost of the gap from c' to c already subtracted.
		g, gArg := int32(neg), int32(-1)
		found := false
		for c := range w {
			if g > neg {
				g += scoreGapExtension
			}
			if c >= 2 && prev[c-2] > neg {
				if v := prev[c-2] + scoreGapStart; v >= g {
					g, gArg = v, int32(c-2)
				}
			}
			if txt[c] != pj || c < j {
				row[c] = neg
				continue
			}
			b := bonus[c]
			best, bestRun, from := int32(neg), b, int32(-1)
			if g > neg {
				best, from = g+scoreMatch+int32(b), gArg
			}
			if pv := prev[c-1]; pv > neg {
				r := max(prevRun[c-1], b)
				if v := pv + scoreMatch + int32(max(r, bonusConsecutive)); v >= best {
					best, bestRun, from = v, r, int32(c-1)
				}
			}
			row[c], rrow[c], brow[c] = best, bestRun, from
			if best > neg {
				found = true
			}
		}
		if !found {
			return 0, false // cannot happen after the greedy pass
		}
	}
	return mt.bestEnd(m, w, first, wantPos)
}

// firstRow fills row 0 of align's table: the first pattern rune p0
// anywhere.
func firstRow(h []int32, run []int8, back []int32, txt []rune, bonus []int8, p0 rune) {
	for c := range h {
		if txt[c] == p0 {
			b := bonus[c]
			h[c] = scoreMatch + int32(b)*bonusFirstCharMultiplier
			run[c] = b
			back[c] = -1
		} else {
			h[c] = neg
		}
	}
}

// bestEnd is the best score in the last row of align's table, of m rows
// of w columns; with wantPos, it follows that alignment back to leave its
// rune indices (from first) in mt.pos.
func (mt *matcher) bestEnd(m, w, first int, wantPos bool) (int, bool) {
	best, bc := int32(neg), -1
	for c, v := range mt.h[(m-1)*w : m*w] {
		if v > best {
			best, bc = v, c
		}
	}
	if bc < 0 {
		return 0, false
	}
	if wantPos {
		mt.pos = grow(mt.pos, m)
		for j := m - 1; j >= 0; j-- {
			mt.pos[j] = first + bc
			bc = int(mt.back[j*w+bc])
		}
	}
	return int(best), true
}

// greedy is the fallback for huge inputs: the leftmost match, scored with
// the same rules.
func (mt *matcher) greedy(p *pattern, t *text, first int, wantPos bool) (int, bool) {
	tr := t.runes(p.caseSensitive)
	mt.pos = mt.pos[:0]
	j := 0
	for i := first; i < len(tr) && j < len(p.runes); i++ {
		if tr[i] == p.runes[j] {
			mt.pos = append(mt.pos, i)
			j++
		}
	}
	s := scorePositions(t.bonus, mt.pos)
	if !wantPos {
		mt.pos = mt.pos[:0]
	}
	return s, true
}

// scorePositions scores a given alignment (rune indices) with the rules that
// align maximises.
func scorePositions(bonus []int8, pos []int) int {
	s, run := 0, int8(0)
	for k, i := range pos {
		b := bonus[i]
		switch {
		case k == 0:
			s += scoreMatch + int(b)*bonusFirstCharMultiplier
			run = b
		case i == pos[k-1]+1:
			run = max(run, b)
			s += scoreMatch + int(max(run, bonusConsecutive))
		default:
			gap := i - pos[k-1] - 1
			s += scoreGapStart + (gap-1)*scoreGapExtension + scoreMatch + int(b)
			run = b
		}
	}
	return s
}

// substring finds p as a contiguous run in t, at the occurrence with the
// best score (the first of equals). It is how details are matched: a
// scattered subsequence in a long description is mostly noise.
func (mt *matcher) substring(p *pattern, t *text, wantPos bool) (int, bool) {
	pr := p.runes
	tr := t.runes(p.caseSensitive)
	m := len(pr)
	if m == 0 {
		mt.pos = mt.pos[:0]
		return 0, true
	}
	from := 0
	if t.ascii != "" {
		// The text is ASCII: ASCII and non-ASCII runes fold separately,
		// so strings.Index finds the first occurrence, if any.
		in := t.asciiLower
		if p.caseSensitive {
			in = t.ascii
		}
		if from = strings.Index(in, p.str); from < 0 {
			return 0, false
		}
	}
	best, at := neg, -1
	for i := from; i+m <= len(tr); i++ {
		if tr[i] != pr[0] {
			continue
		}
		k := 1
		for k < m && tr[i+k] == pr[k] {
			k++
		}
		if k < m {
			continue
		}
		s := scoreMatch + int(t.bonus[i])*bonusFirstCharMultiplier
		run := t.bonus[i]
		for k := 1; k < m; k++ {
			run = max(run, t.bonus[i+k])
			s += scoreMatch + int(max(run, bonusConsecutive))
		}
		if s > best {
			best, at = s, i
		}
	}
	if at < 0 {
		return 0, false
	}
	if wantPos {
		mt.pos = grow(mt.pos, m)
		for k := range m {
			mt.pos[k] = at + k
		}
	}
	return best, true
}

// Match reports whether pattern matches s as a subsequence: the runes of
// pattern appear in s in order, not necessarily next to each other.
//
// Matching is case-insensitive unless pattern contains an upper-case letter
// ("smart case"). The score is higher for consecutive runs, for runes at
// word starts (the start of s, after a space or punctuation such as _ - . /,
// an upper-case letter after a lower-case one, a digit after a letter) and
// for a match at the very start; it is lower for gaps. Among the possible
// alignments the one with the best score is chosen. positions holds the
// byte offsets in s of the matched runes, in order. An empty pattern matches
// everything with score 0 and no positions.
//
// Scores are only meaningful relative to other scores of the same pattern.
func Match(pattern, s string) (score int, positions []int, ok bool) {
	if pattern == "" {
		return 0, nil, true
	}
	p := newPattern(pattern)
	var t text
	prepare(&t, s, utf8.RuneCountInString(s))
	mt := matchers.Get().(*matcher)
	defer matchers.Put(mt)
	score, ok = mt.align(&p, &t, true)
	if !ok {
		return 0, nil, false
	}
	positions = make([]int, len(mt.pos))
	for k, i := range mt.pos {
		positions[k] = int(t.off[i])
	}
	return score, positions, true
}
