import type { EntryContext, ServerBuild } from 'react-router';

type RenderArgs = [Request, number, Headers, EntryContext, Uint8Array];

/**
 * The build's server entry wrapped for the per-visitor page benchmarks (bench:page-cpu,
 * bench/profile-page.ts). It can keep one render's arguments, with the loader data's bytes (their
 * stream is read once), to draw that page again alone (L); leave React out (everything but the
 * render: the loader data React Router serialised, sent as it is); and run something around each
 * render (to time it).
 */
export function probeEntry(server: ServerBuild) {
  const render = server.entry.module.default;
  let kept: RenderArgs | null = null;
  const probe = {
    /** The next render's arguments are kept for `renderAlone`. */
    capturing: false,
    /** False: no React, the loader data is answered as it is. */
    withRender: true,
    around: (draw: () => Promise<Response>): Promise<Response> => draw(),
    build: server,
    /** React drawing the kept render's page again, on its own (L). */
    async renderAlone() {
      if (!kept) throw new Error('no render kept: request the page once with `capturing` on');
      const [request, status, headers, context, handoff] = kept;
      const page = await render(
        request,
        status,
        new Headers(headers),
        { ...context, serverHandoffStream: streamOf(handoff) },
        {} as never,
      );
      await page.arrayBuffer();
    },
  };
  probe.build = {
    ...server,
    entry: {
      module: {
        ...server.entry.module,
        default: async (request, status, headers, context, loadContext) => {
          if (probe.capturing) {
            const handoff = await new Response(context.serverHandoffStream as ReadableStream).arrayBuffer();
            kept = [request, status, new Headers(headers), context, new Uint8Array(handoff)];
            context = { ...context, serverHandoffStream: streamOf(kept[4]) };
          }
          if (!probe.withRender) {
            return new Response(context.serverHandoffStream as ReadableStream<Uint8Array>, {
              status,
              headers: { 'content-type': 'text/plain', 'content-security-policy': "default-src 'none'" },
            });
          }
          return probe.around(async () => render(request, status, headers, context, loadContext));
        },
      },
    },
  };
  return probe;
}

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
