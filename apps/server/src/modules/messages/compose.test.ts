import { describe, expect, it } from 'vitest';
import { renderMessage, type GymIdentity } from './compose';

const gym: GymIdentity = {
  gymId: '11111111-1111-4111-8111-111111111111',
  title: 'Iron & Oak',
  email: 'hi@oak.example',
  phone: '13125550142',
  country: 'US',
  logo: '/media/logo.png',
  senderName: 'Oak Front Desk',
  replyTo: 'desk@oak.example',
};
const opts = { appUrl: 'https://app.example' };

describe('renderMessage (issue 22)', () => {
  it('escapes merge values in the body and keeps them plain in the subject and text', () => {
    const r = renderMessage(
      'class_booked',
      { subject: 'Booked: {{className}}', bodyHtml: '<p>Hi {{firstName}}, {{className}} {{link}}</p>' },
      { firstName: '<img src=x onerror=alert(1)>', className: 'WOD\r\nBcc: x', link: 'https://app.example/classes/1' },
      gym,
      opts,
    );
    expect(r.subject).toBe('Booked: WOD Bcc: x');
    expect(r.html).not.toContain('<img src=x');
    expect(r.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(r.html).toContain('<a href="https://app.example/classes/1"');
    expect(r.html).toContain('<img src="https://app.example/media/logo.png"');
    expect(r.text).toContain('Hi <img src=x onerror=alert(1)>, WOD');
    expect(r.text).toContain('https://app.example/classes/1');
  });

  it('drops unknown tokens and never links a non-http value', () => {
    const r = renderMessage('class_booked', { subject: '{{nope}}{{gymTitle}}', bodyHtml: '<p>{{link}}</p>' }, { link: 'javascript:alert(1)' }, gym, opts);
    expect(r.subject).toBe('Iron & Oak');
    expect(r.html).not.toContain('href="javascript');
  });

  it('shows the gym phone as people write it, not the stored digits', () => {
    const r = renderMessage('class_booked', { subject: 'Call {{gymPhone}}', bodyHtml: '<p>{{gymPhone}}</p>' }, {}, gym, opts);
    expect(r.subject).toBe('Call +1 312 555 0142');
    expect(r.text).toContain('+1 312 555 0142');
  });
});
