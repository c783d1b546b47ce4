-- A real client: headless Neovim (0.7 or later, with its built-in LSP client) starts
-- ptxls on a PTX file and checks that diagnostics arrive, hover answers and formatting
-- applies. Run by check.sh: `nvim --headless --clean -u NONE -c "luafile check.lua"`,
-- with PTXLS (the binary) and PTX_SAMPLE (a file to edit) in the environment. Exits 0 when
-- every check passes, 1 with the reason on stderr otherwise.

local function fail(message)
  io.stderr:write("nvim check FAILED: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local ptxls = os.getenv("PTXLS")
local sample = os.getenv("PTX_SAMPLE")
if not ptxls or not sample then
  fail("set PTXLS and PTX_SAMPLE")
end

vim.cmd("edit " .. vim.fn.fnameescape(sample))
local buf = vim.api.nvim_get_current_buf()
-- vim.lsp.start (0.8+) is not in Debian's 0.7.2: start_client + buf_attach_client.
local client_id = vim.lsp.start_client({
  name = "ptxls",
  cmd = { ptxls },
  root_dir = vim.fn.fnamemodify(sample, ":p:h"),
})
if not client_id then
  fail("vim.lsp.start_client did not start " .. ptxls)
end
vim.lsp.buf_attach_client(buf, client_id)

-- 1. Diagnostics arrive (the sample's `.tex` declaration is PTX201).
local arrived = vim.wait(30000, function()
  return #vim.diagnostic.get(buf) > 0
end, 50)
if not arrived then
  fail("no diagnostics from ptxls in 30 s")
end
local found = false
for _, d in ipairs(vim.diagnostic.get(buf)) do
  if d.code == "PTX201" then
    found = true
  end
end
if not found then
  fail("no PTX201 diagnostic: " .. vim.inspect(vim.diagnostic.get(buf)))
end

-- 2. Hover answers on the `ld` opcode.
local client = vim.lsp.get_client_by_id(client_id)
local ld_line
for i, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  local at = line:find("ld%.param")
  if at then
    ld_line = { i - 1, at - 1 }
    break
  end
end
if not ld_line then
  fail("the sample has no ld.param line")
end
local hover = client.request_sync("textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  position = { line = ld_line[1], character = ld_line[2] + 1 },
}, 10000, buf)
if not hover or hover.err or not hover.result or not hover.result.contents then
  fail("no hover on ld: " .. vim.inspect(hover))
end
if not tostring(hover.result.contents.value):find("ld") then
  fail("hover does not explain ld: " .. vim.inspect(hover.result))
end

-- 3. Formatting applies (0.7's synchronous API; the sample is not formatted).
local before = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
vim.lsp.buf.formatting_sync(nil, 10000)
local after = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
if before == after then
  fail("formatting changed nothing")
end
if not after:find("\n    ld%.param%.u64%s+%%rd1, %[out%];") then
  fail("formatting did not indent the body:\n" .. after)
end

io.stderr:write("nvim check passed: diagnostics, hover, formatting\n")
vim.lsp.stop_client(client_id)
vim.wait(2000, function()
  return vim.lsp.get_client_by_id(client_id) == nil
end, 50)
vim.cmd("qall!")
