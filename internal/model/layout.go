package model

// Writing a document within the size tooltui reads back.

import "bytes"

// size is the length of text once each newline takes newline bytes and,
// with final, one more line end follows.
func size(text []byte, newline int, final bool) int {
	n := len(text) + bytes.Count(text, []byte{'\n'})*(newline-1)
	if final {
		n += newline
	}
	return n
}

// capIndent lays valid JSON out as json.Indent does with indent, except
// that the members of containers nested deeper than some level are
// written compactly: the deepest level that keeps the file within
// MaxDocumentBytes, and within twice its compact size and 1 MiB more, so
// that a few kilobytes nested thousands of levels deep do not become a
// file of many megabytes (newline is the size of a line end, final says
// a line end follows the text). When even the compact text is over the
// limit, it is the compact text.
func capIndent(src []byte, indent string, newline int, final bool) (out bytes.Buffer) {
	// What each level of nesting adds to the compact text when it is
	// indented: a line break and indentation before each member and
	// before the closing bracket, and a space after each colon.
	var breaks, colons []int
	compact, depth := 0, 0
	grow := func(l int) {
		for len(breaks) <= l {
			breaks = append(breaks, 0)
			colons = append(colons, 0)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			end := stringEnd(src, i)
			compact += end - i
			i = end - 1
			continue
		case '{', '[':
			depth++
			grow(depth)
			if j := skipSpace(src, i+1); j < len(src) && (src[j] == '}' || src[j] == ']') {
				compact += 2 // empty: written as it is
				depth--
				i = j
				continue
			}
			breaks[depth] += 2 // before the first member, before the close
		case '}', ']':
			depth--
		case ',':
			breaks[depth]++
		case ':':
			colons[depth]++
		}
		compact++
	}
	total := compact
	if final {
		total += newline
	}
	limit := min(MaxDocumentBytes, 2*total+1<<20)
	// The deepest level whose indentation still fits.
	level := 0
	for l := 1; l < len(breaks); l++ {
		// A break at level l closes a container of level l-1 too: each
		// costs a line end and l (or l-1) indents; counted as l, a
		// little more than it takes, which keeps the bound safe.
		add := breaks[l]*(newline+l*len(indent)) + colons[l]
		if total+add > limit {
			break
		}
		total += add
		level = l
	}
	out.Grow(total)
	writeCapped(&out, src, indent, level)
	return out
}

// writeCapped writes valid JSON src as json.Indent does with indent, the
// members of containers at levels deeper than level compact.
func writeCapped(out *bytes.Buffer, src []byte, indent string, level int) {
	depth := 0
	lineBreak := func(d int) {
		out.WriteByte('\n')
		for range d {
			out.WriteString(indent)
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"':
			end := stringEnd(src, i)
			out.Write(src[i:end])
			i = end - 1
		case '{', '[':
			out.WriteByte(c)
			if j := skipSpace(src, i+1); j < len(src) && (src[j] == '}' || src[j] == ']') {
				out.WriteByte(src[j])
				i = j
				continue
			}
			depth++
			if depth <= level {
				lineBreak(depth)
			}
		case '}', ']':
			depth--
			if depth+1 <= level {
				lineBreak(depth)
			}
			out.WriteByte(c)
		case ',':
			out.WriteByte(c)
			if depth <= level {
				lineBreak(depth)
			}
		case ':':
			out.WriteByte(c)
			if depth <= level {
				out.WriteByte(' ')
			}
		default:
			out.WriteByte(c)
		}
	}
}

// stringEnd is the index after the JSON string that starts at src[i].
func stringEnd(src []byte, i int) int {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(src)
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	return i
}
