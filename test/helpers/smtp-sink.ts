import { createServer, type Socket } from "node:net";

/**
 * A minimal SMTP server on loopback that keeps what it receives (RFC 5321: EHLO, AUTH PLAIN, MAIL,
 * RCPT, DATA, RSET, QUIT), enough for nodemailer to deliver to it. `reject` makes it refuse the next
 * messages at DATA with the given reply (e.g. "451 try later", "550 no such user").
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
  /** The AUTH PLAIN credentials sent, decoded ("\0user\0password"), or null. */
  auth: string | null;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  reject: string[];
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const reject: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let mail: ReceivedMail = { from: "", to: [], data: "", auth: null };
    let auth: string | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 sink.test ESMTP");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            const refusal = reject.shift();
            if (refusal) reply(refusal);
            else {
              received.push({ ...mail, auth });
              reply("250 2.0.0 queued");
            }
            mail = { from: "", to: [], data: "", auth: null };
          } else mail.data += `${line.startsWith("..") ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") reply("250-sink.test\r\n250-AUTH PLAIN\r\n250 8BITMIME");
        else if (verb === "HELO") reply("250 sink.test");
        else if (verb === "AUTH") {
          auth = Buffer.from(line.split(" ")[2] ?? "", "base64").toString("utf8");
          reply("235 2.7.0 accepted");
        } else if (verb === "MAIL") {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? "";
          reply("250 ok");
        } else if (verb === "RCPT") {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? "");
          reply("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (verb === "RSET" || verb === "NOOP") reply("250 ok");
        else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("502 not implemented");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    received,
    reject,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
