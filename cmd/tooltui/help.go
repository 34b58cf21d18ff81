package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagsMark is the line of a command's Long where its help lists the
// flags; without it the list follows Long.
const flagsMark = "{{flags}}\n"

// helpText is what `tooltui COMMAND --help` and `tooltui help COMMAND`
// print, and what follows a usage error: "usage: SYNOPSIS", then Long (or
// Short) with the flags, then the subcommands, if any.
func helpText(c *cobra.Command) string {
	if !c.HasParent() {
		return rootHelp(c)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\n", synopsis(c))
	long := c.Long
	if long == "" {
		long = c.Short + "\n"
	}
	flags := flagTable(c)
	if strings.Contains(long, flagsMark) {
		long = strings.Replace(long, flagsMark, flags, 1)
	} else if flags != "" {
		long += "\n" + flags
	}
	b.WriteString(long)
	if subs := commandRows(c); len(subs) > 0 {
		b.WriteString("\ncommands:\n")
		b.WriteString(table(subs, 13, 44))
	}
	return b.String()
}

// rootHelp is `tooltui --help`: what tooltui is, a synopsis of every
// command with what it does, the app's flags and examples.
func rootHelp(c *cobra.Command) string {
	var b strings.Builder
	b.WriteString(c.Long)
	b.WriteString("\nusage:\n")
	rows := append([][2]string{{c.Use, c.Short}}, commandRows(c)...)
	if v := c.Flags().Lookup("version"); v != nil {
		rows = append(rows, [2]string{c.Name() + " --version", v.Usage})
	}
	b.WriteString(table(rows, 13, 44))
	if flags := flagTable(c); flags != "" {
		b.WriteString("\nflags:\n")
		b.WriteString(flags)
	}
	if c.Example != "" {
		b.WriteString("\nexamples:\n")
		b.WriteString(c.Example)
	}
	fmt.Fprintf(&b, "\nRun \"%[1]s help COMMAND\" or \"%[1]s COMMAND --help\" for what a command does, its flags and exit status.\n", c.Name())
	return b.String()
}

// synopsis is "tooltui build [--strict] [--json] [FILE|-]": the command's
// path and its Use without the name.
func synopsis(c *cobra.Command) string {
	if !c.HasParent() {
		return c.Use
	}
	return c.Parent().CommandPath() + " " + c.Use
}

// commandRows lists c's commands that help shows, each with its synopsis
// and Short.
func commandRows(c *cobra.Command) [][2]string {
	var rows [][2]string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() || sub.Name() == "help" && !sub.Hidden {
			rows = append(rows, [2]string{synopsis(sub), sub.Short})
		}
	}
	return rows
}

// flagTable lists c's flags in the order they were defined, each with
// its usage: "--base-url URL" for a flag with a value (the `URL` quoted in
// its usage, else the value's type), "--diagnostics=text|json" for one
// that only takes --name=value, "-w, --write" with a shorthand. The help
// flag, on every command, is left out.
func flagTable(c *cobra.Command) string {
	var rows [][2]string
	c.LocalFlags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		placeholder, usage := pflag.UnquoteUsage(f)
		switch {
		case f.NoOptDefVal == noValue:
			name += "=" + placeholder
		case f.NoOptDefVal == "" && placeholder != "":
			name += " " + placeholder
		}
		rows = append(rows, [2]string{name, usage})
	})
	return table(rows, 13, 16)
}

// table writes rows indented by two, the second column aligned at the
// column of the widest first column of at most wide characters, and at
// least at minCol; a wider first column has its text on the next line.
// Lines of the text after the first are aligned at that column too.
func table(rows [][2]string, minCol, wide int) string {
	col := minCol
	for _, r := range rows {
		if n := len(r[0]); n <= wide && 2+n+2 > col {
			col = 2 + n + 2
		}
	}
	var b strings.Builder
	indent := "\n" + strings.Repeat(" ", col)
	for _, r := range rows {
		text := strings.ReplaceAll(r[1], "\n", indent)
		if len(r[0]) > wide {
			fmt.Fprintf(&b, "  %s%s%s\n", r[0], indent, text)
		} else {
			fmt.Fprintf(&b, "  %-*s%s\n", col-2, r[0], text)
		}
	}
	return b.String()
}

// writeHelp prints c's help on its standard output.
func writeHelp(c *cobra.Command, _ []string) {
	io.WriteString(c.OutOrStdout(), helpText(c))
}

// newHelpCmd is `tooltui help [COMMAND]`.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "print this help, or COMMAND's",
		RunE: func(cmd *cobra.Command, args []string) error {
			root := cmd.Root()
			target, _, err := root.Find(args)
			if err != nil || len(args) > 0 && target == root {
				return usageErrorf(cmd, "no command %s; the commands are %s", strings.Join(args, " "), strings.Join(commandNames(root), ", "))
			}
			writeHelp(target, nil)
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var comps []cobra.Completion
			for _, sub := range cmd.Root().Commands() {
				if sub.IsAvailableCommand() && strings.HasPrefix(sub.Name(), toComplete) {
					comps = append(comps, cobra.CompletionWithDesc(sub.Name(), sub.Short))
				}
			}
			return comps, cobra.ShellCompDirectiveNoFileComp
		},
	}
}

// commandNames are the names of the commands root's help lists.
func commandNames(root *cobra.Command) []string {
	var names []string
	for _, sub := range root.Commands() {
		if sub.IsAvailableCommand() {
			names = append(names, sub.Name())
		}
	}
	return names
}
