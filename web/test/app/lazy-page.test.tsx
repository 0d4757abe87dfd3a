import { render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { lazyPage } from '../../src/app/lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function renderInSuspense(ui: ReactNode) {
  return render(<Suspense fallback={<p>Loading page</p>}>{ui}</Suspense>);
}

describe('lazyPage', () => {
  it('when its module has not loaded yet, then the fallback shows until it has', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    renderInSuspense(<Page name="Ada" />);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });

  it('when preloaded, then it renders at once with its props, never showing the fallback', async () => {
    const Page = lazyPage(async () => ({ Greeting }), 'Greeting');
    await Page.preload();
    renderInSuspense(<Page name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
  });

  it('when the download fails, then preload rejects and the page can still be tried again', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('network down');
      return { Greeting };
    }, 'Greeting');
    await expect(Page.preload()).rejects.toThrow('network down');
    renderInSuspense(<Page name="Edsger" />);
    expect(await screen.findByText('Hello, Edsger')).toBeInTheDocument();
  });
});
