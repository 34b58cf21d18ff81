package importer

// The MCP server an import records in the document: its name, and the
// functions it serves.

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/tooltui/tooltui/internal/model"
)

// ServerName is the name d records srv under: want (--mcp-name), else
// the name of a server d has that starts or reaches the same server, else
// a new one made from the command or the host.
func ServerName(d *model.Document, srv model.MCPServer, want string) (string, error) {
	if want != "" {
		if old, ok := d.MCPServers[want]; ok && !old.Same(srv) {
			return "", fmt.Errorf("it has an MCP server named %s already (%s): give --mcp-name another name", want, old.Describe())
		}
		return want, nil
	}
	names := make([]string, 0, len(d.MCPServers))
	for n := range d.MCPServers {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if d.MCPServers[n].Same(srv) {
			return n, nil
		}
	}
	return model.UniqueName(BaseServerName(srv), func(n string) bool { _, taken := d.MCPServers[n]; return taken }), nil
}

// launchers run the program named by their first argument that is not a
// flag: the server's name comes from that one.
var launchers = map[string]bool{"npx": true, "bunx": true, "pnpx": true, "pnpm": true, "npm": true, "yarn": true,
	"uvx": true, "uv": true, "pipx": true, "node": true, "deno": true, "bun": true, "python": true, "python3": true,
	"docker": true, "podman": true, "go": true, "java": true, "dotnet": true}

// launcherWords are the subcommands of launchers (npm exec, uv run, docker
// run, go run …), skipped on the way to the server's own name.
var launcherWords = map[string]bool{"run": true, "exec": true, "dlx": true, "x": true, "tool": true}

// withoutEnv is a command line without the env(1) in front of it (env
// -i FOO=bar node server.js: node server.js).
func withoutEnv(cmd []string) []string {
	if len(cmd) == 0 || progName(cmd[0]) != "env" {
		return cmd
	}
	rest := cmd[1:]
	for len(rest) > 0 {
		a := rest[0]
		switch {
		case a == "-u" || a == "--unset" || a == "-C" || a == "--chdir":
			rest = rest[min(2, len(rest)):]
		case a == "-S" || a == "--split-string":
			if len(rest) < 2 {
				return cmd
			}
			return withoutEnv(append([]string{"env"}, append(strings.Fields(rest[1]), rest[2:]...)...))
		case strings.HasPrefix(a, "-") || strings.Contains(a, "="):
			rest = rest[1:]
		default:
			return rest
		}
	}
	return cmd // env alone: its own name
}

// BaseServerName makes a name from a server's command or URL: the
// program, or for a launcher (npx, uvx, docker …) the package or script it
// runs, without a scope, a version and "mcp"/"server" around it; the host
// of a URL.
func BaseServerName(srv model.MCPServer) string {
	var raw string
	if cmd := withoutEnv(srv.Command); len(cmd) > 0 {
		raw = progName(cmd[0])
		if launchers[strings.ToLower(raw)] {
			for _, a := range cmd[1:] {
				if launcherWords[a] || strings.HasPrefix(a, "-") {
					continue
				}
				raw = a
				break
			}
		}
		if at := strings.LastIndexByte(raw, '@'); at > 0 {
			raw = raw[:at] // a version: pkg@1.2
		}
		raw = strings.ToLower(progName(raw))
		for _, p := range []string{"mcp-server-", "server-", "mcp-", "mcp_"} {
			if s, ok := strings.CutPrefix(raw, p); ok && s != "" {
				raw = s
				break
			}
		}
		for _, p := range []string{"-mcp-server", "-server", "-mcp", "_mcp"} {
			if s, ok := strings.CutSuffix(raw, p); ok && s != "" {
				raw = s
				break
			}
		}
	} else if u, err := url.Parse(srv.URL); err == nil {
		raw = strings.ToLower(u.Hostname())
		if raw == "127.0.0.1" || raw == "::1" || raw == "" {
			raw = "localhost"
		}
	}
	var b strings.Builder
	for _, c := range raw {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	name := strings.Trim(b.String(), "_.-")
	if len(name) > 48 {
		name = strings.Trim(name[:48], "_.-")
	}
	if name == "" {
		return "server"
	}
	return name
}

// progName is the last element of a path or package name, without an
// extension a program or script has (.exe, .js, .py …).
func progName(p string) string {
	p = p[strings.LastIndexAny(p, `/\`)+1:]
	for _, ext := range []string{".exe", ".cmd", ".bat", ".js", ".mjs", ".cjs", ".ts", ".py", ".jar"} {
		if len(p) > len(ext) && strings.EqualFold(p[len(p)-len(ext):], ext) {
			return p[:len(p)-len(ext)]
		}
	}
	return p
}

// recordServer marks the functions of in as served by the server name,
// each by the tool of its own name there. The target must be a tooltui
// document: a Responses body holds no metadata.
func recordServer(in *model.Document, name string) (*model.Document, error) {
	out := in
	for i, t := range in.Functions {
		tool := model.StringAt(t.Raw, []string{"name"})
		if tool == "" {
			continue
		}
		var err error
		if out, err = model.SetServer(out, model.Function, i, name, tool); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SortedHeaderNames are the names of h in order.
func SortedHeaderNames(h map[string]string) []string {
	names := make([]string, 0, len(h))
	for n := range h {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
