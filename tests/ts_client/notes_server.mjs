// The notes server of tests/servers/py_notes.py, written with the official TypeScript SDK
// (@modelcontextprotocol/server 2.x, zod schemas), for the tests that hold a server nobody here
// wrote to its description (tests/servers/py_notes.mcpdesc.yaml documents both).
//
// Run with no argument it is the clean control. Each `--defect NAME` seeds one difference, as in
// the Python server: `missing-tool`, `undocumented-tool`, `tightened-input`.
//
// It lives in tests/ts_client, beside the packages it imports: node notes_server.mjs [--defect NAME]...
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

const defects = new Set();
for (let i = 2; i < process.argv.length; i++) {
    if (process.argv[i] === '--defect') defects.add(process.argv[++i]);
}

// Over stdio the SDK (2.4) serves the 2025 revisions; 2026-07-28 only through its HTTP entry.
const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new Map();
const text = (t) => ({ content: [{ type: 'text', text: t }] });

const body = defects.has('tightened-input') ? z.string() : z.string().nullable().optional();
server.registerTool(
    'add_note',
    {
        description: 'Add a note.',
        inputSchema: z.object({ title: z.string(), body }),
        outputSchema: z.object({ result: z.string() })
    },
    async ({ title, body }) => {
        notes.set(notes.size + 1, `${title}\n${body ?? ''}`);
        const result = `note ${notes.size}`;
        return { ...text(result), structuredContent: { result } };
    }
);

if (!defects.has('missing-tool')) {
    server.registerTool(
        'count_notes',
        {
            description: 'Count the notes, up to a limit.',
            inputSchema: z.object({ limit: z.number().int().default(10) }),
            outputSchema: z.object({ result: z.number().int() })
        },
        async ({ limit }) => {
            const result = Math.min(notes.size, limit);
            return { ...text(String(result)), structuredContent: { result } };
        }
    );
}

if (defects.has('undocumented-tool')) {
    server.registerTool(
        'delete_note',
        { description: 'Delete a note.', inputSchema: z.object({ id: z.number().int() }) },
        async ({ id }) => {
            notes.delete(id);
            return text('deleted');
        }
    );
}

server.registerPrompt(
    'summarize',
    { description: 'Summarize the notes on a topic.', argsSchema: z.object({ topic: z.string() }) },
    ({ topic }) => ({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize the notes about ${topic}.` } }]
    })
);

server.registerResource(
    'all_notes',
    'notes://all',
    { description: 'Every note.', mimeType: 'text/plain' },
    async (uri) => ({ contents: [{ uri: uri.href, text: [...notes.values()].join('\n\n') }] })
);

server.registerResource(
    'one_note',
    new ResourceTemplate('notes://{id}', { list: undefined }),
    { description: 'One note.', mimeType: 'text/plain' },
    async (uri, { id }) => ({ contents: [{ uri: uri.href, text: notes.get(Number(id)) ?? '' }] })
);

await server.connect(new StdioServerTransport());
