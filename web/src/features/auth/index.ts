/** What other features use from the auth feature: the colleges list (GET /api/colleges). */
export { useGetCollegesQuery } from './api';
