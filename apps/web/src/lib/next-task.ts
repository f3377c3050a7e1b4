/**
 * Runs `work` soon, in a task of its own: after a message rather than a timer, which a background
 * tab holds back for up to a second.
 */
export function inNextTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    work();
  };
  channel.port2.postMessage(null);
}
