/** Text made literal inside a LIKE pattern: %, _ and the escape character lose their meaning. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern that matches `text` literally anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A LIKE pattern of text starting with `text`, taken literally. */
export const startsWithPattern = (text: string) => `${escapeLike(text)}%`;
