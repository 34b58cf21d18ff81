package mcpclient

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// How a stdio server is stopped after a successful (or failed, but not timed
// out) List: its stdin is closed, and if it has not exited after
// closeGrace it is asked to terminate, and after another termGrace killed.
// A timeout or cancellation kills it at once.
var (
	closeGrace = 500 * time.Millisecond
	termGrace  = 500 * time.Millisecond
)

// stderrKeep is how much of a server's stderr is kept for error messages.
const stderrKeep = 2048

// process is a started stdio MCP server.
type process struct {
	cmd    *exec.Cmd
	stdin  *os.File // tooltui's end of the server's stdin
	stdout *os.File // tooltui's end of the server's stdout
	stderr *tailBuffer

	done    chan struct{}    // closed once the process has been waited for
	state   *os.ProcessState // set before done is closed
	waitErr error            // set before done is closed

	closing    atomic.Bool   // tooltui has begun to close the pipes
	hungUp     chan struct{} // closed when the server closed its end first
	released   chan struct{} // closed when kill has closed tooltui's ends
	hangUpOnce sync.Once
	killOnce   sync.Once
}

// leftGrace is how long, once the server has exited and what it started in
// its group has been killed, its stdout and stderr are still read: a
// program it started outside its group may hold them open, and is not
// waited for longer.
var leftGrace = time.Second

// startProcess starts argv with its stdin and stdout on pipes and its stderr
// in a tail buffer. On systems with process groups the server gets its own
// group, so that whatever it starts in turn is stopped with it: when the
// server exits, however it ends, the rest of its group is killed. It gets
// tooltui's environment but for the variables withheld (environFor).
func startProcess(argv, withhold []string) (*process, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = environFor(os.Environ(), withhold)
	var pipes [3][2]*os.File // stdin, stdout, stderr: read end, write end
	for i := range pipes {
		r, w, err := os.Pipe()
		if err != nil {
			for _, p := range pipes[:i] {
				p[0].Close()
				p[1].Close()
			}
			return nil, err
		}
		pipes[i] = [2]*os.File{r, w}
	}
	inR, inW := pipes[0][0], pipes[0][1]
	outR, outW := pipes[1][0], pipes[1][1]
	errR, errW := pipes[2][0], pipes[2][1]
	p := &process{cmd: cmd, stdin: inW, stdout: outR, stderr: &tailBuffer{},
		done: make(chan struct{}), hungUp: make(chan struct{}), released: make(chan struct{})}
	// All three are files, so that Wait returns as the server exits, not
	// once every program holding its stderr has.
	cmd.Stdin = inR
	cmd.Stdout = outW
	cmd.Stderr = errW
	ownProcessGroup(cmd)
	err := cmd.Start()
	// The child has its own copies now (or never will).
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, err
	}
	copied := make(chan struct{})
	go func() {
		_, _ = io.Copy(p.stderr, errR)
		close(copied)
	}()
	go func() {
		err := cmd.Wait()
		// The server is gone: what it started in its group goes with it.
		killGroup(cmd.Process)
		grace, cancel := context.WithTimeout(context.Background(), leftGrace)
		defer cancel()
		select {
		case <-copied:
		case <-grace.Done():
		}
		errR.Close()
		p.waitErr, p.state = err, cmd.ProcessState
		close(p.done)
		// Its answers written before it exited are still read; then its
		// stdout is not waited on.
		select {
		case <-p.hungUp:
		case <-p.released:
		case <-grace.Done():
			p.hangUp()
			p.stdout.Close()
		}
	}()
	return p, nil
}

// hangUp notes that the server closed its stdout, or stopped reading its
// stdin, before tooltui closed them.
func (p *process) hangUp() {
	if !p.closing.Load() {
		p.hangUpOnce.Do(func() { close(p.hungUp) })
	}
}

// hasHungUp reports whether hangUp was called.
func (p *process) hasHungUp() bool {
	select {
	case <-p.hungUp:
		return true
	default:
		return false
	}
}

// transport returns the server's stdin and stdout for the MCP client.
func (p *process) transport() *mcp.IOTransport {
	return &mcp.IOTransport{Reader: stdoutEnd{p}, Writer: stdinEnd{p}}
}

type stdoutEnd struct{ p *process }

func (e stdoutEnd) Read(b []byte) (int, error) {
	n, err := e.p.stdout.Read(b)
	if err == io.EOF {
		e.p.hangUp()
	}
	return n, err
}

func (e stdoutEnd) Close() error {
	e.p.closing.Store(true)
	return e.p.stdout.Close()
}

type stdinEnd struct{ p *process }

func (e stdinEnd) Write(b []byte) (int, error) {
	n, err := e.p.stdin.Write(b)
	if errors.Is(err, syscall.EPIPE) {
		e.p.hangUp()
	}
	return n, err
}

func (e stdinEnd) Close() error {
	e.p.closing.Store(true)
	return e.p.stdin.Close()
}

// exited reports whether the process has exited and been waited for.
func (p *process) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// exitedWithin waits up to d for the process to exit.
func (p *process) exitedWithin(d time.Duration) bool {
	if p.exited() {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.done:
		return true
	case <-t.C:
		return false
	}
}

// kill kills the process (and its process group) unless it has already
// exited, and closes tooltui's ends of its pipes.
func (p *process) kill() {
	p.closing.Store(true)
	p.killOnce.Do(func() {
		if !p.exited() {
			killGroup(p.cmd.Process)
		}
		p.stdin.Close()
		p.stdout.Close()
		close(p.released)
	})
}

// shutdown stops the process the way MCP asks stdio clients to: close its
// stdin, wait, terminate, wait, kill. It returns once the process has been
// waited for.
func (p *process) shutdown() {
	p.closing.Store(true)
	p.stdin.Close()
	if !p.exitedWithin(closeGrace) {
		if terminateGroup(p.cmd.Process) {
			p.exitedWithin(termGrace)
		}
	}
	p.kill()
	<-p.done
}

// tailBuffer is an io.Writer that keeps the last stderrKeep bytes written.
type tailBuffer struct {
	mu        sync.Mutex
	buf       []byte
	truncated bool
}

func (b *tailBuffer) Write(data []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := len(data)
	if len(data) >= stderrKeep {
		data = data[len(data)-stderrKeep:]
		b.truncated = true
		b.buf = append(b.buf[:0], data...)
		return n, nil
	}
	if over := len(b.buf) + len(data) - stderrKeep; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
		b.truncated = true
	}
	b.buf = append(b.buf, data...)
	return n, nil
}

// String returns the kept text, trimmed, starting with "…" when earlier
// output was dropped.
func (b *tailBuffer) String() string {
	b.mu.Lock()
	data := append([]byte(nil), b.buf...)
	truncated := b.truncated
	b.mu.Unlock()
	if truncated {
		// Do not start in the middle of a character.
		for len(data) > 0 && !utf8.RuneStart(data[0]) {
			data = data[1:]
		}
	}
	s := strings.TrimSpace(strings.ToValidUTF8(string(data), "\uFFFD"))
	if truncated && s != "" {
		s = "…" + s
	}
	return s
}
