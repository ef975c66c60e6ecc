import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('initialsOf', () => {
  it.each([
    ['Ana Pérez', 'AP'],
    ['ana maría pérez soto', 'AS'],
    ['  luis  ', 'L'],
    ['Invitado 42', 'I'],
    ['42', '4'],
    ['Ángel', 'Á'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('shows the picture, and the initials when it fails to load', () => {
    render(<Avatar name="Ana Pérez" src="/files/a.webp" alt="Photo of Ana Pérez" />);
    const picture = screen.getByRole('img', { name: 'Photo of Ana Pérez' });
    expect(picture.getAttribute('src')).toBe('/files/a.webp');
    fireEvent.error(picture);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('AP')).toBeTruthy();
  });
});
