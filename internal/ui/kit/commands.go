package kit

// Command names used by more than their own entry.
const (
	CmdQuit      = "Quit"
	CmdSave      = "Save"
	CmdSaveAs    = "Save as…"
	CmdSaveQuit  = "Save and quit"
	CmdDelete    = "Delete tool"
	CmdDuplicate = "Duplicate tool"
	CmdMoveUp    = "Move tool up"
	CmdMoveDown  = "Move tool down"
	CmdToggle    = "Enable or disable tool"
	CmdFilter    = "Filter tools"
	CmdMark      = "Mark or unmark tool"
	CmdMarkAll   = "Mark all tools"
	CmdUnmark    = "Clear marks"
	CmdAdd       = "Add tool…"
	CmdCopyReq   = "Copy request JSON"
	CmdCopyTools = "Copy tools array"
	CmdCopyCurl  = "Copy curl command"
	CmdChoice    = "Choose tool_choice…"
	CmdExport    = "Export request…"
	CmdFix       = "Fix…"
	CmdFixAll    = "Fix all safe problems"
	CmdTree      = "Show parameters as a tree or the form"
	CmdTestArgs  = "Test arguments…"
	CmdInfer     = "Infer parameters from an example…"
	CmdFormats   = "View in other formats (Chat, Anthropic, Gemini, MCP, code)…"
	CmdNewView   = "Switch where new functions' parameters open: tree or form"
	CmdSend      = "Send request"
	CmdListMCP   = "List the MCP server's tools…"
	CmdRecord    = "Record the next send…"
	CmdReplay    = "Replay a recording…"
	CmdSendSim   = "Send to the simulator"
	CmdImport    = "Import tools…"
)

// CmdMocks is the palette's name for the mocks dialog (M from a
// function's form opens it on that function).
const CmdMocks = "Edit mocks…"

// A workspace's commands.
const (
	CmdSwitchDoc   = "Switch document…"
	CmdSearchDocs  = "Search the workspace…"
	CmdSaveAll     = "Save all"
	CmdSaveAllQuit = "Save all and quit"
)

// The history of sends (internal/ui/recent): the list of a workspace's
// sends, and turning the workspace's history on or off.
const (
	CmdRecent        = "Recent sends…"
	CmdHistoryToggle = "Keep a history of sends in this workspace"
)
