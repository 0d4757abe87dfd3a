import { paths } from '../../app/paths';

/** Link to a conversation with one student (the messages screen opens the chat). */
export const messagePath = (userId: string) => `${paths.messages}?userId=${encodeURIComponent(userId)}`;
