package main

// What every command shares: the errors that become exit statuses, the
// checks of positional arguments, the flag values beyond pflag's own, the
// one-dash spelling of long flags, and file-name completion.

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// exitStatus is what a command returns once it has printed what went
// wrong: tooltui exits with it.
type exitStatus int

func (s exitStatus) Error() string { return "exit status " + strconv.Itoa(int(s)) }

// status is nil for 0 and the exitStatus otherwise.
func status(code int) error {
	if code == 0 {
		return nil
	}
	return exitStatus(code)
}

// usageError is a mistake on the command line: tooltui prints
// "COMMAND: msg" (sanitised), a blank line and the help of cmd on
// standard error, and exits 2.
type usageError struct {
	cmd *cobra.Command
	msg string
}

func (e *usageError) Error() string { return e.msg }

func usageErrorf(cmd *cobra.Command, format string, a ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, a...)}
}

// atMost accepts up to n positional arguments; format, given how many there
// are, says what is wrong with more.
func atMost(n int, format string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > n {
			return usageErrorf(cmd, format, len(args))
		}
		return nil
	}
}

// flagErrors words what pflag finds wrong with a command line the way
// tooltui always has ("unknown flag --x", "--base-url needs a URL"). args
// is the command line, to name an unknown long flag as it was typed.
func flagErrors(args []string) func(*cobra.Command, error) error {
	return func(cmd *cobra.Command, err error) error {
		var (
			unknown *pflag.NotExistError
			missing *pflag.ValueRequiredError
			invalid *pflag.InvalidValueError
			syntax  *pflag.InvalidSyntaxError
		)
		switch {
		case errors.Is(err, pflag.ErrHelp):
			return err
		case errors.As(err, &unknown):
			if s := unknown.GetSpecifiedShortnames(); s != "" {
				return usageErrorf(cmd, "unknown flag -%s", s)
			}
			return usageErrorf(cmd, "unknown flag %s", typedFlag(args, unknown.GetSpecifiedName()))
		case errors.As(err, &syntax):
			return usageErrorf(cmd, "unknown flag %s", syntax.GetSpecifiedFlag())
		case errors.As(err, &missing):
			name := "--" + missing.GetSpecifiedName()
			if missing.GetSpecifiedShortnames() != "" {
				name = "-" + missing.GetSpecifiedName()
			}
			return usageErrorf(cmd, "%s needs %s", name, needs(missing.GetFlag()))
		case errors.As(err, &invalid):
			f := invalid.GetFlag()
			if errors.Is(err, errNoValue) {
				return usageErrorf(cmd, "--%s needs %s", f.Name, needs(f))
			}
			return usageErrorf(cmd, "--%s %s, got %s", f.Name, errors.Unwrap(invalid), invalid.GetValue())
		}
		return usageErrorf(cmd, "%s", err)
	}
}

// typedFlag is the argument that named the unknown long flag name,
// "--name" or "--name=value" (pflag keeps only the name).
func typedFlag(args []string, name string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if rest, ok := strings.CutPrefix(a, "--"+name); ok && (rest == "" || rest[0] == '=') {
			return a
		}
	}
	return "--" + name
}

// needs says what value a flag takes, for "--NAME needs ...".
func needs(f *pflag.Flag) string {
	if c, ok := f.Value.(*choice); ok {
		words := c.words
		if f.NoOptDefVal == noValue {
			words = make([]string, len(c.words))
			for i, w := range c.words {
				words[i] = "=" + w
			}
		}
		return orList(words)
	}
	switch placeholder, _ := pflag.UnquoteUsage(f); placeholder {
	case "URL":
		return "a URL"
	case "NAME":
		return "a name"
	case "N":
		return "a number"
	}
	return "a value"
}

// orList is "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// choice is the value of a flag that is one of a few words (--diagnostics
// text|json). Define one with choiceFlag.
type choice struct {
	words []string
	dst   *string
}

func (c *choice) String() string { return *c.dst }
func (c *choice) Type() string   { return strings.Join(c.words, "|") }

func (c *choice) Set(s string) error {
	if s == noValue {
		return errNoValue
	}
	if !slices.Contains(c.words, s) {
		return fmt.Errorf("must be %s", orList(c.words))
	}
	*c.dst = s
	return nil
}

// choiceFlag defines --name taking one of words into *dst (which holds the
// default), and completes the words on the command line.
func choiceFlag(cmd *cobra.Command, dst *string, name string, words []string, usage string) *pflag.Flag {
	cmd.Flags().Var(&choice{words: words, dst: dst}, name, usage)
	cmd.RegisterFlagCompletionFunc(name, cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp))
	return cmd.Flags().Lookup(name)
}

// noValue is what a flag that only takes --name=value is given when it
// appears without one (as its NoOptDefVal, so that pflag does not take the
// next argument as its value); Set refuses it with errNoValue.
const noValue = "\x00no value"

var errNoValue = errors.New("needs a value")

// equalsOnly makes f take its value only as --name=value.
func equalsOnly(f *pflag.Flag) { f.NoOptDefVal = noValue }

// preset is the value of a flag without a value that sets *dst to value:
// several flags that share dst are alternatives, the last given wins
// (--strict|--no-strict, --json beside --diagnostics).
type preset struct {
	dst   *string
	value string
}

func (p preset) String() string { return strconv.FormatBool(*p.dst == p.value) }
func (p preset) Type() string   { return "bool" }

func (p preset) Set(s string) error {
	if s != "true" {
		return errors.New("takes no value")
	}
	*p.dst = p.value
	return nil
}

// presetFlag defines --name, which sets *dst to value.
func presetFlag(cmd *cobra.Command, dst *string, value, name, usage string) {
	cmd.Flags().Var(preset{dst, value}, name, usage)
	cmd.Flags().Lookup(name).NoOptDefVal = "true"
}

// positive is the value of a flag that is a whole number of at least 1.
type positive struct{ dst *int }

func (p positive) String() string { return strconv.Itoa(*p.dst) }
func (p positive) Type() string   { return "int" }

func (p positive) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return errors.New("must be a whole number of at least 1")
	}
	*p.dst = n
	return nil
}

// oneDashLongFlags rewrites -name and -name=value to --name and
// --name=value for each long flag of the command args run: Go's flag
// package spells flags so, and tooltui has always accepted it (-json,
// -version). Arguments after "--", values of flags and anything that is not
// a long flag's name are left as they are.
func oneDashLongFlags(root *cobra.Command, args []string) []string {
	out := make([]string, 0, len(args))
	if len(args) > 0 && (args[0] == cobra.ShellCompRequestCmd || args[0] == cobra.ShellCompNoDescRequestCmd) {
		return append(out, args...)
	}
	cmd, _, err := root.Find(args)
	if err != nil {
		return append(out, args...)
	}
	lookup := func(name string) *pflag.Flag {
		if f := cmd.Flags().Lookup(name); f != nil {
			return f
		}
		return cmd.InheritedFlags().Lookup(name)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if len(a) < 2 || a[0] != '-' {
			out = append(out, a)
			continue
		}
		long := strings.HasPrefix(a, "--")
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		f := lookup(name)
		if !long && len(name) > 1 && (f != nil || name == "help") {
			a = "-" + a
			long = true
		}
		out = append(out, a)
		if long && f != nil && !hasValue && f.NoOptDefVal == "" && i+1 < len(args) {
			// --name VALUE: the value stays as it is.
			i++
			out = append(out, args[i])
		}
	}
	return out
}

// completeFiles completes the first n arguments as file names, and nothing
// after them.
func completeFiles(n int) cobra.CompletionFunc {
	return func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) < n {
			return nil, cobra.ShellCompDirectiveDefault
		}
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
}
