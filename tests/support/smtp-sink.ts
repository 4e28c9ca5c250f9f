import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export type SinkMessage = { from: string; to: string[]; data: string };
export type SmtpSink = { url: string; messages: SinkMessage[]; close(): Promise<void> };

/**
 * A minimal SMTP server on loopback that accepts every message and keeps it, answering each command after
 * `latencyMs` (a real mail server is a network round trip away, each step of the dialogue included). A recipient
 * `refuse` names is refused for good, as a real server refuses an unknown mailbox (`550 5.1.1`, RFC 5321 §4.2.2).
 * Point SMTP_URL at `url` (and clear the "smtp" singleton) to send through it.
 */
export async function smtpSink(options: { latencyMs?: number; refuse?: (to: string) => boolean } = {}): Promise<SmtpSink> {
  const latency = options.latencyMs ?? 0;
  const messages: SinkMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => undefined);
    let buffer = "";
    let inData = false;
    let current: SinkMessage = { from: "", to: [], data: "" };
    const reply = (line: string, then?: () => void) =>
      setTimeout(() => {
        if (!socket.destroyed) socket.write(`${line}\r\n`, then);
      }, latency);
    reply("220 sink ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: "", to: [], data: "" };
          reply("250 queued");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 sink");
        else if (verb === "MAIL") {
          current.from = line.slice(10).trim();
          reply("250 ok");
        } else if (verb === "RCPT") {
          const to = line.slice(8).trim().replace(/^<|>$/g, "");
          if (options.refuse?.(to)) reply("550 5.1.1 mailbox unavailable");
          else {
            current.to.push(to);
            reply("250 ok");
          }
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (verb === "QUIT") reply("221 bye", () => socket.end());
        else reply("250 ok");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
