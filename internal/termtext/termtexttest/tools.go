package termtexttest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"
)

// ToolsJSON returns a pretty-printed Responses-API request with n function
// tools, the shape and indentation of the preview (about 600 bytes a tool).
func ToolsJSON(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"model":"gpt-4.1","tools":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		desc := fmt.Sprintf("Returns the current weather for a city (tool %d). Use it when the user asks about temperature, rain or wind.", i)
		if i%50 == 7 {
			desc += " Météo: 東京の天気 ☀️"
		}
		fmt.Fprintf(&b, `{"type":"function","name":"get_weather_%d","description":%q,"parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name, e.g. Paris"},"units":{"type":"string","enum":["celsius","fahrenheit"]},"days":{"type":"integer","minimum":1,"maximum":14},"score":{"type":"number","minimum":-1.5e3}},"required":["city","units","days"],"additionalProperties":false},"strict":true}`, i, desc)
	}
	b.WriteString(`],"parallel_tool_calls":null}`)
	var out bytes.Buffer
	if err := json.Indent(&out, b.Bytes(), "", "  "); err != nil {
		panic(err)
	}
	return out.Bytes()
}

// BigDoc is ToolsJSON of about 1.5 MB, built once. It is shared: do not
// modify it.
var BigDoc = sync.OnceValue(func() []byte {
	// About 1.5 MB.
	return ToolsJSON(1630)
})
