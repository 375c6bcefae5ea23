import { describe, expect, it } from 'vitest';
import { withToast, type Toast } from './Toast.js';

const t = (id: number, message: string, tone: Toast['tone'] = 'success'): Toast => ({ id, message, tone });

describe('toasts', () => {
  it('keeps only the latest three, so a burst of saves does not fill a phone screen', () => {
    let list: Toast[] = [];
    for (let i = 1; i <= 5; i++) list = withToast(list, t(i, `Saved ${i}`));
    expect(list.map((x) => x.message)).toEqual(['Saved 3', 'Saved 4', 'Saved 5']);
  });

  it('replaces an earlier copy of the same message instead of stacking it', () => {
    let list = withToast([], t(1, 'Saved'));
    list = withToast(list, t(2, 'Could not save', 'error'));
    list = withToast(list, t(3, 'Saved'));
    expect(list).toEqual([t(2, 'Could not save', 'error'), t(3, 'Saved')]);
  });
});
