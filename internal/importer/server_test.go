package importer

import (
	"testing"

	"github.com/tooltui/tooltui/internal/model"
)

func TestBaseServerName(t *testing.T) {
	for _, c := range []struct {
		s    model.MCPServer
		want string
	}{
		{model.MCPServer{Command: []string{"npx", "-y", "@modelcontextprotocol/server-filesystem", "/tmp"}}, "filesystem"},
		{model.MCPServer{Command: []string{"uvx", "mcp-server-git", "--repository", "."}}, "git"},
		{model.MCPServer{Command: []string{"npx", "@playwright/mcp@latest"}}, "mcp"},
		{model.MCPServer{Command: []string{"docker", "run", "-i", "--rm", "ghcr.io/github/github-mcp-server"}}, "github"},
		{model.MCPServer{Command: []string{"node", "build/index.js"}}, "index"},
		{model.MCPServer{Command: []string{"python", "-m", "weather_mcp"}}, "weather"},
		{model.MCPServer{Command: []string{`C:\tools\fetch-server.exe`}}, "fetch"},
		{model.MCPServer{Command: []string{"./my server"}}, "my_server"},
		{model.MCPServer{URL: "https://mcp.example.com/mcp"}, "mcp.example.com"},
		{model.MCPServer{URL: "http://127.0.0.1:8080/mcp"}, "localhost"},
		{model.MCPServer{Command: []string{"///"}}, "server"},
		{model.MCPServer{Command: []string{"env", "-i", "TOKEN=x", "npx", "-y", "@acme/weather-mcp"}}, "weather"},
		{model.MCPServer{Command: []string{"/usr/bin/env", "-u", "HOME", "./tools-server"}}, "tools"},
		{model.MCPServer{Command: []string{"env"}}, "env"},
		{model.MCPServer{Command: []string{"env", "-S", "TOKEN=x uvx mcp-server-git --repository ."}}, "git"},
	} {
		if got := BaseServerName(c.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.s.Describe(), got, c.want)
		}
	}
}
