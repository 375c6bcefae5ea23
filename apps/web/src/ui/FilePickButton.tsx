import { useRef } from 'react';
import { Button, type ButtonProps } from './Button.js';

/** A button that opens the device's file chooser; `onFiles` gets what was chosen (the same file can be chosen again). */
export function FilePickButton({
  label,
  accept,
  multiple,
  onFiles,
  ...button
}: Omit<ButtonProps, 'onClick' | 'children'> & {
  label: string;
  accept?: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        {...(accept ? { accept } : {})}
        {...(multiple ? { multiple } : {})}
        onChange={(e) => {
          if (e.target.files?.length) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
    </>
  );
}
