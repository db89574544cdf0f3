import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, t } from '@/lib/i18n';
import { districtLabel } from '@/lib/queries/states';

afterEach(() => activateLocale('en'));

describe('a district from the PIN code directory', () => {
  it('is named in Malayalam and Tamil, Kerala’s and Tamil Nadu’s alike', async () => {
    await activateLocale('ml');
    expect(districtLabel(t, 'Idukki')).toBe('ഇടുക്കി');
    expect(districtLabel(t, 'The Nilgiris')).toBe('നീലഗിരി');
    await activateLocale('ta');
    expect(districtLabel(t, 'Idukki')).toBe('இடுக்கி');
    expect(districtLabel(t, 'Tiruchirappalli')).toBe('திருச்சிராப்பள்ளி');
  });

  it('stays as the directory writes it in English, and where no translation is kept', async () => {
    expect(districtLabel(t, 'The Nilgiris')).toBe('The Nilgiris');
    await activateLocale('ta');
    expect(districtLabel(t, 'Nicobars')).toBe('Nicobars');
  });
});
