package termtext

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// quoteEscapes are the characters Quote writes in a form of its own before
// the rest goes through SanitizeLine: a backslash and a double quote, so that
// the quotes and the escapes read unambiguously; a tab, which SanitizeLine
// expands to spaces; and the "<" of a "<U+" that s itself holds, which
// would otherwise read as an escaped character.
var quoteEscapes = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\t", `\t`, "<U+", "<U+003C>U+")

// Quote writes s between double quotes, for a message that names a user's
// value. It uses the notation of SanitizeLine, so a character reads the same
// in a message as in the tools list and the fields: `<U+202E>` for a bidi
// control or an invisible character, `\x1b` for a control character, `\n`,
// `\r`, `\u009b` for a C1 control, `\xff` for a byte that is not UTF-8.
// Inside the quotes a backslash is `\\`, a double quote `\"`, a tab `\t`,
// the "<" of a literal "<U+" `<U+003C>`, and the spaces other than U+0020
// and the private-use characters, which look like something they are not,
// are `<U+00A0>`: the quoted text says exactly what s holds. The result
// holds no control character and no invisible one, and SanitizeLine leaves
// it unchanged.
func Quote(s string) string {
	t := SanitizeLine(quoteEscapes.Replace(s))
	if !strings.ContainsFunc(t, lookalike) {
		return `"` + t + `"`
	}
	b := make([]byte, 0, len(t)+16)
	b = append(b, '"')
	for _, r := range t {
		if lookalike(r) {
			b = appendCodePoint(b, r)
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return string(append(b, '"'))
}

// lookalike reports whether r is a character that SanitizeLine keeps but a
// quoted value shows escaped: a space other than U+0020 (it reads as one) or
// a private-use character (it shows as whatever a font puts there).
func lookalike(r rune) bool {
	return r >= 0xA0 && (unicode.Is(unicode.Zs, r) || unicode.Is(unicode.Co, r))
}
