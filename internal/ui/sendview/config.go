package sendview

import (
	"time"

	"github.com/tooltui/tooltui/internal/send"
	"github.com/tooltui/tooltui/internal/sim"
)

// ConfigOf is where Send request goes and with which key: the
// environment (getenv), baseURL (--base-url or a profile's) and, when set,
// the variable keyEnv that holds the key (a profile's api_key_env).
func ConfigOf(getenv func(string) string, baseURL, keyEnv string) send.Config {
	c := send.ConfigFromEnv(getenv, baseURL)
	if keyEnv != "" {
		c.APIKey = getenv(keyEnv)
	}
	if c.BaseURL == sim.BaseURL { // the profile sim
		return SimConfig()
	}
	return c
}

// SimConfig sends to tooltui's simulator, in memory: no network, no key.
func SimConfig() send.Config {
	return send.Config{BaseURL: sim.BaseURL, HTTPClient: sim.New(sim.Options{Pace: simPace}).Client()}
}

// simPace is the time between two events of the simulator's answers.
const simPace = 20 * time.Millisecond
