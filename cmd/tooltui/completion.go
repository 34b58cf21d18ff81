package main

import (
	"fmt"
	"slices"

	"github.com/spf13/cobra"

	"github.com/tooltui/tooltui/internal/termtext"
)

const completionLong = `Prints a script that completes tooltui's commands, flags, flag values,
file names and the functions of a FILE (for tooltui args) on the command
line of bash, zsh, fish or PowerShell. To load it in the current shell:

  bash        source <(tooltui completion bash)
  zsh         source <(tooltui completion zsh)   (after compinit)
  fish        tooltui completion fish | source
  powershell  tooltui completion powershell | Out-String | Invoke-Expression

To load it in every session, write it where the shell looks for
completions, for example:

  bash   tooltui completion bash > ~/.local/share/bash-completion/completions/tooltui
  zsh    tooltui completion zsh > "${fpath[1]}/_tooltui"
  fish   tooltui completion fish > ~/.config/fish/completions/tooltui.fish

Exit status: 0 printed; 2 a usage error.
`

var shells = []string{"bash", "zsh", "fish", "powershell"}

// newCompletionCmd is `tooltui completion SHELL`.
func newCompletionCmd() *cobra.Command {
	return &cobra.Command{
		Use:       "completion bash|zsh|fish|powershell",
		Short:     "print a shell completion script",
		Long:      completionLong,
		ValidArgs: shells,
		Args: func(cmd *cobra.Command, args []string) error {
			switch {
			case len(args) != 1:
				return usageErrorf(cmd, "needs one shell: %s", orList(shells))
			case !slices.Contains(shells, args[0]):
				return usageErrorf(cmd, "no completion for %s: the shell must be %s", args[0], orList(shells))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			root, out := cmd.Root(), cmd.OutOrStdout()
			var err error
			switch args[0] {
			case "bash":
				err = root.GenBashCompletionV2(out, true)
			case "zsh":
				err = root.GenZshCompletion(out)
			case "fish":
				err = root.GenFishCompletion(out, true)
			default:
				err = root.GenPowerShellCompletionWithDesc(out)
			}
			if err != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "tooltui completion: writing the script: %s\n", termtext.SanitizeLine(err.Error()))
				return exitStatus(2)
			}
			return nil
		},
	}
}
