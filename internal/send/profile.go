package send

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Profile is a named place to send to, kept in the user's config dir
// (profiles.json under tooltui/): a base URL and the name of the
// environment variable that holds its key. The key itself is never kept
// in the file.
type Profile struct {
	BaseURL   string `json:"base_url"`
	APIKeyEnv string `json:"api_key_env,omitempty"`
}

// ProfilesFile is where the profiles are: $XDG_CONFIG_HOME/tooltui/
// profiles.json (~/.config/tooltui on Linux, the platform's config dir
// elsewhere).
func ProfilesFile() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "tooltui", "profiles.json"), nil
}

// LoadProfile reads profile name from the file at path.
func LoadProfile(path, name string) (Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return Profile{}, fmt.Errorf("no profile %q: %s does not exist (it holds {\"NAME\": {\"base_url\": …, \"api_key_env\": …}})", name, path)
		}
		return Profile{}, err
	}
	var all map[string]Profile
	if err := json.Unmarshal(data, &all); err != nil {
		return Profile{}, fmt.Errorf("%s: %v", path, err)
	}
	p, ok := all[name]
	if !ok {
		names := make([]string, 0, len(all))
		for n := range all {
			names = append(names, n)
		}
		sort.Strings(names)
		return Profile{}, fmt.Errorf("no profile %q in %s (it has %s)", name, path, strings.Join(names, ", "))
	}
	if p.BaseURL == "" {
		return Profile{}, fmt.Errorf("profile %q in %s has no base_url", name, path)
	}
	return p, nil
}

// Apply makes cfg send where p says, with the key from p's variable.
func (p Profile) Apply(cfg Config, getenv func(string) string) Config {
	cfg.BaseURL = strings.TrimRight(p.BaseURL, "/")
	if p.APIKeyEnv != "" {
		cfg.APIKey = getenv(p.APIKeyEnv)
	}
	return cfg
}
