package sim

import (
	"fmt"
	"strconv"
	"strings"
)

// Fault is a failure the simulator shows on demand.
type Fault string

// The faults.
const (
	// Fault429 answers HTTP 429 with a retry-after header.
	Fault429 Fault = "429"
	// Fault500 answers HTTP 500.
	Fault500 Fault = "500"
	// FaultCut drops the connection mid-answer.
	FaultCut Fault = "cut"
	// FaultErrorEvent streams an error event instead of the answer.
	FaultErrorEvent Fault = "error-event"
	// FaultSlow waits (Options.SlowDelay) before the first event and then
	// streams slowly.
	FaultSlow Fault = "slow"
)

// FaultKinds lists the faults, for help and errors.
var FaultKinds = []Fault{Fault429, Fault500, FaultCut, FaultErrorEvent, FaultSlow}

// TurnFault is a fault at the simulator's request number Turn (1 is the
// first request it gets).
type TurnFault struct {
	Fault Fault
	Turn  int
}

// ParseFault reads KIND or KIND@TURN (turn 1 when left out).
func ParseFault(s string) (TurnFault, error) {
	kind, at, hasAt := strings.Cut(strings.TrimSpace(s), "@")
	f := TurnFault{Fault: Fault(kind), Turn: 1}
	known := false
	names := make([]string, len(FaultKinds))
	for i, k := range FaultKinds {
		names[i] = string(k)
		known = known || k == f.Fault
	}
	if !known {
		return f, fmt.Errorf("unknown fault %q: one of %s, as KIND or KIND@TURN", kind, strings.Join(names, ", "))
	}
	if hasAt {
		n, err := strconv.Atoi(at)
		if err != nil || n < 1 {
			return f, fmt.Errorf("fault %q: the turn after @ is a number from 1, got %q", s, at)
		}
		f.Turn = n
	}
	return f, nil
}

// faultAt is the fault of request turn, "" when none.
func (s *Server) faultAt(turn int) Fault {
	for _, f := range s.opts.Faults {
		if f.Turn == turn {
			return f.Fault
		}
	}
	return ""
}
