// Package termtexttest holds test data and checks shared by the tests of the
// packages that print untrusted text: one table of hostile strings and the
// exact text termtext.SanitizeLine shows for each, so that every place that
// prints untrusted text can check that it shows the same thing, the
// sanitiser's own cases, the properties every sanitised text has, and a big
// realistic document for benchmarks.
package termtexttest

// Hostile is a table of strings that try to reach the terminal raw, each
// with its termtext.SanitizeLine form. Every Text ends in "!" so that a
// check that looks for Want in a longer line also sees where it ends.
var Hostile = []struct {
	Name, Text, Want string
}{
	{"ESC CSI", "a\x1b[2Jb!", `a\x1b[2Jb!`},
	{"SGR", "\x1b[31mred\x1b[0m!", `\x1b[31mred\x1b[0m!`},
	{"OSC 52 BEL", "x\x1b]52;c;cm0gLXJmIH4=\ay!", `x\x1b]52;c;cm0gLXJmIH4=\x07y!`},
	{"OSC title ST", "\x1b]0;pwned\x1b\\!", `\x1b]0;pwned\x1b\!`},
	{"ZWSP", "get\u200bweather!", `get<U+200B>weather!`},
	{"line separator", "a\u2028b!", `a<U+2028>b!`},
	{"RLM", "a\u200fb!", `a<U+200F>b!`},
	{"RLO", "abc\u202edcba!", `abc<U+202E>dcba!`},
	{"tag characters", "hi\U000E0041\U000E0042!", `hi<U+E0041><U+E0042>!`},
	{"C1 CSI", "\u009b2J!", `\u009b2J!`},
	{"invalid UTF-8", "a\xff\xfeb!", `a\xff\xfeb!`},
	{"NUL", "a\x00b!", `a\x00b!`},
	{"CR", "safe\rEVIL!", `safe\rEVIL!`},
	{"newline", "one\ntwo!", `one\ntwo!`},
	{"tab", "a\tb!", "a   b!"},
}
