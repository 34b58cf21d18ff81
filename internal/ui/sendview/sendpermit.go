package sendview

import (
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/tooltui/tooltui/internal/bridge"
	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/termtext"
	"github.com/tooltui/tooltui/internal/ui/kit"
)

// sendState is what the app keeps between sends: the servers allowed for
// every call, the file the next send records to, and the recording last
// named (the record and replay prompts propose it).
type State struct {
	allowed       *mcpAllowed
	RecordNext    string
	LastRecording string
}

// mcpAllowed are the MCP servers the user allowed for every call, for the
// rest of the app's run: by name and command line or URL, so that a server
// whose command changed asks again. The loop's goroutine reads it.
type mcpAllowed struct {
	mu  sync.Mutex
	set map[string]bool
}

func serverKey(s bridge.Server) string { return s.Name + "\x00" + s.Describe() }

func (m *mcpAllowed) has(s bridge.Server) bool {
	if m == nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.set[serverKey(s)]
}

func (m *mcpAllowed) add(s bridge.Server) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.set == nil {
		m.set = map[string]bool{}
	}
	m.set[serverKey(s)] = true
}

// permitAsk asks the user whether a call may go to its MCP server.
type permitAsk struct {
	call   send.Call
	server bridge.Server
	reply  chan<- permitReply
}

type permitChoice int

const (
	permitStop permitChoice = iota
	permitOnce
	permitAlways
	permitDecline
	permitTyped
)

type permitReply struct {
	choice permitChoice
	text   string // permitTyped: the output typed
}

var permitKeys = struct{ Once, Always, Decline, Type, Stop key.Binding }{
	Once:    key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "allow this call once")),
	Always:  key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "allow every call of this server until tooltui quits")),
	Decline: key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "decline: the model is told the call was declined")),
	Type:    key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "type the output instead")),
	Stop:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "stop the loop here")),
}

// permitFor opens the approval prompt of a call.
func (d *Dialog) permitFor(p *permitAsk) {
	d.Permit = p
	d.Follow = true
}

// permitKey answers the approval prompt.
func (d *Dialog) permitKey(k tea.KeyPressMsg) []kit.Action {
	p := d.Permit
	reply := func(r permitReply, line string) []kit.Action {
		p.reply <- r
		d.Permit = nil
		d.Lines = append(d.Lines, TranscriptLine{Content: line, Kind: LineTool})
		return nil
	}
	switch {
	case key.Matches(k, permitKeys.Once):
		return reply(permitReply{choice: permitOnce}, "· allowed once: "+p.call.Name+" on MCP server "+p.server.Name)
	case key.Matches(k, permitKeys.Always):
		d.allowed.add(p.server)
		return reply(permitReply{choice: permitAlways}, "· allowed every call of MCP server "+p.server.Name+" until tooltui quits")
	case key.Matches(k, permitKeys.Decline):
		return reply(permitReply{choice: permitDecline}, "· declined: "+p.call.Name+" on MCP server "+p.server.Name)
	case key.Matches(k, permitKeys.Type):
		// The output prompt answers for the server: what is typed goes
		// back as the call's output, esc stops the loop.
		typed := make(chan answer, 1)
		d.Permit = nil
		d.askFor(&askCall{Call: p.call, reply: typed})
		go func() {
			a := <-typed
			if a.ok {
				p.reply <- permitReply{choice: permitTyped, text: a.text}
			} else {
				p.reply <- permitReply{choice: permitStop}
			}
		}()
		return nil
	case key.Matches(k, permitKeys.Stop):
		return reply(permitReply{choice: permitStop}, "· stopped at "+p.call.Name+": it was not sent to MCP server "+p.server.Name)
	}
	return []kit.Action{kit.Say(k.String() + " does nothing here · a allow once · A allow always · d decline · t type the output · esc stop")}
}

// maxPermitArgLines is how many lines the prompt gives the arguments; the
// transcript above shows them whole.
const maxPermitArgLines = 4

// permitView is the approval prompt, in place of the transcript's last
// lines, for width w: the function, the server (its command line or URL;
// header values are never shown), the arguments.
func (d *Dialog) permitView(e *kit.Env, w int) []string {
	p := d.Permit
	st := e.St
	where := "command"
	if len(p.server.Command) == 0 {
		where = "URL"
	}
	out := []string{st.LabelFocused.Render(ansi.Truncate(termtext.SanitizeLine("Call "+p.call.Name+" on MCP server "+p.server.Name+"?"), w, "…"))}
	wrap := func(label, text string, most int) {
		parts := strings.Split(ansi.Hardwrap(termtext.SanitizeLine(label+text), w, true), "\n")
		if len(parts) > most {
			parts = append(parts[:most-1], "… (the transcript shows it all)")
		}
		for _, s := range parts {
			out = append(out, st.Dim.Render(s))
		}
	}
	wrap("  "+where+": ", p.server.Describe(), 2)
	args := p.call.Arguments
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	wrap("  arguments: ", args, maxPermitArgLines)
	return out
}

const permitKeysText = "a allow once · A allow always for this server · d decline · t type the output · esc stop"
