import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton, Content, Description, Footer, Header, Overlay, Title } from './dialog.styles';
import { XIcon } from './icons';
import { useFocusTrap } from './use-focus-trap';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** CSS max-width of the panel. */
  width?: string;
}

/**
 * A modal dialog: labelled by its title, described by its description, focus kept inside
 * while open and given back on close, Escape and a click on the backdrop close it.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer, width = '32rem' }: DialogProps) {
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
        $width={width}
      >
        <Header>
          <Title id={titleId}>{title}</Title>
          {description && <Description id={descriptionId}>{description}</Description>}
        </Header>
        {children}
        {footer && <Footer>{footer}</Footer>}
        <CloseButton type="button" aria-label="Close" onClick={() => onOpenChange(false)}>
          <XIcon />
        </CloseButton>
      </Content>
    </Overlay>,
    document.body,
  );
}
