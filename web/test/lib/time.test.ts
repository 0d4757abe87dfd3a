import { formatDateAndTime, formatFullDateTime, formatTimestamp } from '../../src/lib/time';
import { initialsOf } from '../../src/lib/initials';

const now = new Date('2025-03-10T15:00:00Z');
const opts = { now, locale: 'en-US', timeZone: 'UTC' };

describe('formatTimestamp', () => {
  it('when the time is under an hour ago, then it reads Just now', () => {
    expect(formatTimestamp('2025-03-10T14:30:00Z', opts)).toBe('Just now');
    expect(formatTimestamp(new Date('2025-03-10T14:00:00.001Z'), opts)).toBe('Just now');
  });

  it('when the time is slightly in the future, then it reads Just now', () => {
    expect(formatTimestamp('2025-03-10T15:02:00Z', opts)).toBe('Just now');
  });

  it('when the time is between one and 24 hours ago, then it shows the time of day', () => {
    expect(formatTimestamp('2025-03-10T14:00:00Z', opts)).toBe('2:00 PM');
    expect(formatTimestamp('2025-03-09T15:00:01Z', opts)).toBe('3:00 PM');
  });

  it('when the time is a day or more ago, then it shows the date', () => {
    expect(formatTimestamp('2025-03-09T15:00:00Z', opts)).toBe('Mar 9, 2025');
    expect(formatTimestamp(Date.parse('2024-12-25T08:00:00Z'), opts)).toBe('Dec 25, 2024');
  });

  it('when the value is not a date, then it renders nothing', () => {
    expect(formatTimestamp('not a date', opts)).toBe('');
  });
});

describe('formatFullDateTime', () => {
  it('when a timestamp is shown in full, then it reads as the browser would print the date and time', () => {
    const at = '2025-03-09T15:04:05Z';
    expect(formatFullDateTime(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('3/9/2025, 3:04:05 PM');
    expect(formatFullDateTime(at, { locale: 'en-US', timeZone: 'UTC' })).toBe(new Date(at).toLocaleString('en-US', { timeZone: 'UTC' }));
  });

  it('when the time zone or locale differs, then each is formatted its own way, not by a formatter kept for another', () => {
    const at = '2025-03-09T15:04:05Z';
    expect(formatFullDateTime(at, { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('3/10/2025, 12:04:05 AM');
    expect(formatFullDateTime(at, { locale: 'en-GB', timeZone: 'UTC' })).toBe('09/03/2025, 15:04:05');
    expect(formatTimestamp(at, { ...opts, timeZone: 'Asia/Tokyo' })).toBe('12:04 AM');
  });

  it('when the value is not a date, then it renders nothing', () => {
    expect(formatFullDateTime('soon')).toBe('');
  });
});

describe('formatDateAndTime', () => {
  it('when a request or appeal is dated, then it shows the medium date and the time of day', () => {
    const at = '2025-03-09T15:04:05Z';
    expect(formatDateAndTime(at, { locale: 'en-US', timeZone: 'UTC' })).toBe('Mar 9, 2025, 3:04 PM');
    expect(formatDateAndTime('never')).toBe('');
  });
});

describe('initialsOf', () => {
  it('when both names exist, then it takes their first letters upper-cased', () => {
    expect(initialsOf('ada', 'lovelace')).toBe('AL');
  });

  it('when a name starts with a character outside the BMP, then the whole character is taken, not half of it', () => {
    expect(initialsOf('𠮷田', '𝓐da')).toBe('𠮷𝓐');
    expect(initialsOf('😀 Sam', 'Lee')).toBe('😀L');
  });

  it('when a name is missing, then it falls back to ??', () => {
    expect(initialsOf('Ada', '')).toBe('??');
    expect(initialsOf(undefined, 'Lovelace')).toBe('??');
    expect(initialsOf(null, null)).toBe('??');
  });
});
