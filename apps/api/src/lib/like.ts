/** Text made literal inside a LIKE pattern: %, _ and the escape character lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
