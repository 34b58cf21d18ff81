//go:build darwin

package sysclip

// Program is the clipboard program, pbcopy, as github.com/atotto/clipboard
// runs it; nil when lookPath does not find it.
func Program(_ func(string) string, lookPath func(string) (string, error)) []string {
	if _, err := lookPath("pbcopy"); err != nil {
		return nil
	}
	return []string{"pbcopy"}
}
