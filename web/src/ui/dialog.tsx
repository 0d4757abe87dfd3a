import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Content, Description, Footer, Header, Overlay, Title } from './dialog.styles';
import { CloseButton } from './icon-button';
import { useFocusTrap } from './use-focus-trap';
import { theme, type AppTheme } from '../app/theme';

/** A width from theme.sizes, or any CSS length. */
export type DialogWidth = keyof AppTheme['sizes'] | (string & {});

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Max-width of the panel: a theme size ('md' = 32rem by default) or a CSS length. */
  width?: DialogWidth;
}

/**
 * A modal dialog: labelled by its title, described by its description, focus kept inside
 * while open and given back on close, Escape and a click on the backdrop close it.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, width = 'md' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const contentRef = useRef<HTMLDivElement>(null);
  useFocusTrap(contentRef, open, () => onOpenChange(false));

  if (!open) return null;
  return createPortal(
    <Overlay
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
    >
      <Content
        ref={contentRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        $width={width in theme.sizes ? theme.sizes[width as keyof AppTheme['sizes']] : width}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          {description && <Description id={descriptionId}>{description}</Description>}
        </Header>
        {children}
        {footer && <Footer>{footer}</Footer>}
        <CloseButton onClick={() => onOpenChange(false)} />
      </Content>
    </Overlay>,
    document.body,
  );
}
