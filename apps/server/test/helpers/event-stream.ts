/** A server-sent event as the client reads it: the event's name and its data, parsed from JSON. */
export type ServerSentEvent = { event: string; data: unknown };

/**
 * The events of a `text/event-stream` body as they arrive (blocks that carry both a name and data; the
 * comments that keep the connection alive are skipped). Ends with the stream; an aborted request
 * rejects the pending `next()`.
 */
export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event !== undefined && data !== undefined) yield { event, data: JSON.parse(data) as unknown };
    }
  }
}
