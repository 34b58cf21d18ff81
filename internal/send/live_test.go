package send

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestLive sends a small request to the real API, only when
// OPENAI_API_KEY is set (and OPENAI_BASE_URL, if set, says where): the
// model must call the function, and its arguments must come whole.
func TestLive(t *testing.T) {
	if os.Getenv("OPENAI_API_KEY") == "" {
		t.Skip("set OPENAI_API_KEY to send a request to the API")
	}
	c := ConfigFromEnv(os.Getenv, "")
	c.Timeout = time.Minute
	model := os.Getenv("TOOLTUI_LIVE_MODEL")
	if model == "" {
		model = "gpt-5-mini"
	}
	body := `{"model":"` + model + `","input":"What is the weather in Paris? Use the tool.","tool_choice":"required","store":false,
  "tools":[{"type":"function","name":"get_weather","description":"Current weather for a city.","strict":true,
    "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],"additionalProperties":false}}]}`
	var call Event
	err := Stream(context.Background(), c, []byte(body), func(e Event) error {
		if e.Kind == KindCall && e.CallDone {
			call = e
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if call.Name != "get_weather" || !strings.Contains(call.Arguments, "Paris") {
		t.Fatalf("call %+v", call)
	}
}
